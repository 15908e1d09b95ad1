import { z } from 'zod';
import { FieldLabel, Msg, required, tooLong } from '../messages';
import { PostTranslationsSchema, RichTranslationsSchema } from './post-translations';
import { preferenceIdsField, TargetSchema } from './preference.schema';
import { REACTION_KINDS } from './reaction-kinds';
import { notificationActionsField, notificationLinkField, notificationTitleField } from './rich-notification';
import { scheduledForField } from './schedule';
import { RecurrenceSchema, RepeatSchema } from './weekly-send.schema';

// The push subscription and device schemas live in their own file; importers of this one keep them.
export * from './push-device.schema';

/** Longest text an operator may write; the push payload limit usually bites first for non-Latin text. */
export const NOTIFICATION_TEXT_MAX = 2000;

/** POST /api/establishments/{id}/notifications */
export const ComposeNotificationBodySchema = z.object({
  text: z
    .string({ error: (issue) => (issue.input == null ? required(FieldLabel.text) : 'Text must be text') })
    .trim()
    .min(1, required(FieldLabel.text))
    .max(NOTIFICATION_TEXT_MAX, tooLong(FieldLabel.text, NOTIFICATION_TEXT_MAX)),
  /** From POST /api/establishments/{id}/media. */
  mediaId: z.uuid({ error: 'Upload the picture again.' }).nullish(),
  /** true: "send and post" (push and a post in the feed); false: "send" (push only). */
  post: z.boolean({ error: 'post must be true or false' }),
  /** Only followers who picked at least one of these preferences; none or empty: every follower. */
  preferenceIds: preferenceIdsField.optional(),
  /** Send later: 1 minute to 90 days ahead; absent or null: send now. */
  scheduledFor: scheduledForField.nullish(),
  /**
   * An offer's end: after the send time; its push expires then (if within the usual 24 h)
   * and the feed marks it ended. Absent or null: no end.
   */
  validUntil: scheduledForField.nullish(),
  /** Rich notification: the push's title; absent, null or empty: the business's name. */
  title: notificationTitleField.nullish(),
  /** What a click opens: an https URL; absent or null: the post. */
  link: notificationLinkField.nullish(),
  /** Up to two buttons (label + https URL); links in the feed and in email. */
  actions: notificationActionsField.nullish(),
  /** The text in other languages: each follower gets theirs, else `text`. */
  translations: PostTranslationsSchema.optional(),
  /**
   * The title and button labels in other languages (`{ de: { title, actions: [label, label] } }`),
   * only for a title or button the send has: each follower gets theirs, else `title` and `actions`.
   */
  richTranslations: RichTranslationsSchema.optional(),
  /**
   * Weekly: the first send is `scheduledFor`; it repeats at that time on the business's clock on
   * `weekdays` (default: the first send's) until `until` (YYYY-MM-DD, the business's calendar,
   * inclusive; absent or null: no end).
   */
  repeat: RepeatSchema.nullish(),
  /**
   * At `scheduledFor`'s time of day on each follower's own clock (their time zone, else the
   * business's), on its date; where that has passed when the send goes out, the next day. Only with
   * `scheduledFor`; a weekly send keeps it for every occurrence.
   */
  localTime: z.boolean({ error: 'localTime must be true or false' }).optional(),
});
export type ComposeNotificationBody = z.infer<typeof ComposeNotificationBodySchema>;

/** The header a client sends once per compose: a repeat (double click, retry) sends nothing twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Headers of the send call; other headers pass through untouched. */
export const ComposeHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .trim()
    .min(1)
    .max(200, 'Idempotency-Key must be at most 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
    .optional(),
});

/** PATCH /api/notifications/{id}: the owner or an admin edits a post's text. */
export const EditPostBodySchema = ComposeNotificationBodySchema.pick({ text: true });
export type EditPostBody = z.infer<typeof EditPostBodySchema>;

/** PATCH /api/notifications/{id}: the text, and for a send still scheduled its time and its clock (localTime). */
export const EditNotificationBodySchema = EditPostBodySchema.partial()
  .extend({
    scheduledFor: scheduledForField.optional(),
    /**
     * "Update on phones": the new text also replaces the notification on the devices
     * that got it, with one push each. Only for a send that went out.
     */
    updatePhones: z.boolean({ error: 'updatePhones must be true or false' }).optional(),
    /** For a send still scheduled: at its time on each follower's clock, or the business's. */
    localTime: z.boolean({ error: 'localTime must be true or false' }).optional(),
  })
  .refine(
    (body) => body.text !== undefined || body.scheduledFor !== undefined || body.localTime !== undefined,
    {
      error: Msg.scheduleEditNothing,
      path: ['text'],
    },
  );
export type EditNotificationBody = z.infer<typeof EditNotificationBodySchema>;

export const MEDIA_KINDS = ['picture', 'pdf', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MediaSchema = z.object({
  id: z.string(),
  /** The picture, served at /image/post/{id}.jpeg: the photo, a PDF's first page, a video's poster frame. */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  /** What the post carries: a picture, a PDF (menu, price list) or a short video. */
  kind: z.enum(MEDIA_KINDS),
  /** The PDF or the video, served at /file/post/{id}.{pdf|mp4|webm} (range requests); null for a picture. */
  fileUrl: z.string().nullable(),
  /** The PDF's or the video's size in bytes; null for a picture. */
  fileBytes: z.number().nullable(),
  /** The video's length in seconds; null otherwise. */
  durationSeconds: z.number().nullable(),
});
export type Media = z.infer<typeof MediaSchema>;
export const MediaResponseSchema = z.object({ media: MediaSchema });

/** scheduled: waiting for its time; not yet in any feed, nothing sent. */
export const DeliveryStatusSchema = z.enum(['scheduled', 'queued', 'sending', 'done', 'halted']);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** One channel's part of a send: push deliveries are per device, email per follower. */
export const ChannelFiguresSchema = z.object({
  sent: z.number(),
  /** Push: shown on a device (the service worker reported it). Email: 0, opening is not tracked. */
  received: z.number(),
  clicked: z.number(),
  failed: z.number(),
  gone: z.number(),
  pending: z.number(),
});
export type ChannelFigures = z.infer<typeof ChannelFiguresSchema>;

/** How a send is going. Every (notification, subscription) ends in exactly one of sent, failed, gone. */
export const DeliveryFiguresSchema = z.object({
  status: DeliveryStatusSchema,
  /** Push subscriptions of the establishment's members when the send started. */
  audience: z.number(),
  /** Accepted by the push service. */
  sent: z.number(),
  /** Shown on a device: the service worker reported it ("reach"). */
  received: z.number(),
  clicked: z.number(),
  /** Refused or undeliverable after retries. */
  failed: z.number(),
  /** The push service said the subscription no longer exists; it was removed. */
  gone: z.number(),
  /** Not yet decided: audience - sent - failed - gone. */
  pending: z.number(),
  /** Of those pending, how many wait for their follower's quiet hours to end. */
  deferred: z.number(),
  /** Followers the fatigue guard held back (enough from this business, or from all): it waits in their feed. */
  held: z.number(),
  /** What holds the send up: a push service refusing our credentials, whose deliveries wait. */
  error: z.string().nullable(),
  /** The same figures by channel: push (devices) and email (followers). */
  channels: z.object({ push: ChannelFiguresSchema, email: ChannelFiguresSchema }),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type DeliveryFigures = z.infer<typeof DeliveryFiguresSchema>;

/** Reactions to a post: how many of each kind (kinds with none left out, in REACTION_KINDS order), and the caller's. */
export const ReactionSummarySchema = z.object({
  counts: z.array(z.object({ kind: z.enum(REACTION_KINDS), count: z.number() })),
  mine: z.enum(REACTION_KINDS).nullable(),
});
export type ReactionSummary = z.infer<typeof ReactionSummarySchema>;

/** A post's comments: how many (not removed), and whether new ones are taken (the post's and its establishment's switch). */
export const CommentSummarySchema = z.object({ count: z.number(), enabled: z.boolean() });
export type CommentSummary = z.infer<typeof CommentSummarySchema>;

/** A notification; "send and post" also puts it in the feeds (inFeed). */
export const PostSchema = z.object({
  id: z.string(),
  establishment: z.object({
    id: z.string(),
    publicId: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
  }),
  text: z.string(),
  media: MediaSchema.nullable(),
  inFeed: z.boolean(),
  /** The author; null once their account is deleted. */
  ownerId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Only for those who may send for the establishment (operators, its representative, admins). */
  delivery: DeliveryFiguresSchema.nullable(),
  /**
   * The preferences the send was targeted at ([]: every follower). Like `delivery`, only for those
   * who may send for the establishment; null for followers, whom it does not concern.
   */
  targets: z.array(TargetSchema).nullable(),
  /** When a scheduled send is due; null for one sent at once. */
  scheduledFor: z.string().nullable(),
  /**
   * Sent at scheduledFor's time of day on each follower's clock (their zone, else the business's):
   * it goes out before scheduledFor where the day starts earlier, and each delivery waits for its hour.
   */
  localTime: z.boolean(),
  /** An offer's end: after it the feed marks it ended; null: no end. */
  validUntil: z.string().nullable(),
  /** Rich notification: the push's own title, null: the business's name. */
  title: z.string().nullable(),
  /** What a click on the notification opens; null: the post. */
  link: z.string().nullable(),
  /** As stored (checked when written): an answer must not fail on a button saved under older rules. */
  actions: z.array(z.object({ label: z.string(), url: z.string() })),
  /** The text in other languages, by language code: the reader's is shown, else `text`. */
  translations: z.record(z.string(), z.string()),
  /** The title and button labels in other languages, by language code: the reader's, else `title` and `actions`. */
  richTranslations: z.record(
    z.string(),
    z.object({ title: z.string().optional(), actions: z.array(z.string()).optional() }),
  ),
  /**
   * The weekly send this is an occurrence of, for those who may send for the
   * establishment; null otherwise. `time` on the business's clock, in `timeZone`.
   */
  recurrence: RecurrenceSchema.nullable(),
  reactions: ReactionSummarySchema,
  comments: CommentSummarySchema,
});
export type Post = z.infer<typeof PostSchema>;

export const PostResponseSchema = z.object({ post: PostSchema, message: z.string().optional() });

export const FeedQuerySchema = z.object({
  /** From the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Operators: also list push-only notifications ("send"), not only posts. */
  all: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type FeedQuery = z.input<typeof FeedQuerySchema>;

/** A page of posts, newest first. */
export const FeedPageSchema = z.object({
  items: z.array(PostSchema),
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

/** POST /api/notifications/{id}/events, from the service worker (no session: the receipt token proves it). */
export const DeliveryEventBodySchema = z.object({
  type: z.enum(['received', 'clicked']),
  receipt: z.string().min(1).max(200),
});

export const SendResponseSchema = z.object({
  notification: PostSchema,
  message: z.string(),
});

/** GET /api/establishments/{id}/scheduled: its sends still waiting for their time, soonest first. */
export const ScheduledListSchema = z.object({ items: z.array(PostSchema) });
export type ScheduledList = z.infer<typeof ScheduledListSchema>;

/** GET /api/feed: the social feed pages like an establishment's, without `all`. */
export const SocialFeedQuerySchema = FeedQuerySchema.omit({ all: true });

/** DELETE /api/notifications/{id}?withdraw=true: "Withdraw from phones" too. */
export const DeleteNotificationQuerySchema = z.object({
  withdraw: z
    .enum(['true', 'false'], { error: 'withdraw must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

/** `:id` of a notification (or post). */
export const NotificationParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });

/** `:id` of the establishment a notification is sent for, or whose posts are listed. */
export const EstablishmentRefParamsSchema = z.object({ id: z.string().min(1).max(64) });
