import { z } from 'zod';
import { FieldLabel, Msg, required, tooLong } from '../messages';
import { NOTIFICATION_TEXT_MAX } from './notification.schema';
import { PostTranslationsSchema, RichTranslationsSchema } from './post-translations';
import {
  NOTIFICATION_ACTION_LABEL_MAX,
  NOTIFICATION_ACTIONS_MAX,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_TITLE_MAX,
} from './rich-notification';

/**
 * Drafts and templates: what an operator keeps of the compose form to send later. A
 * draft is one send in the making; a template a post to start from again. Their content is checked
 * loosely (a draft may be half written: no text yet, a link still being typed); the send checks it
 * in full.
 */
export const DRAFT_KINDS = ['draft', 'template'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];
/** Each establishment keeps at most this many of each kind. */
export const DRAFTS_MAX = 50;
export const DRAFT_NAME_MAX = 80;

export const DraftContentSchema = z.object({
  text: z.string().max(NOTIFICATION_TEXT_MAX, tooLong(FieldLabel.text, NOTIFICATION_TEXT_MAX)).default(''),
  title: z
    .string()
    .max(NOTIFICATION_TITLE_MAX, tooLong(FieldLabel.title, NOTIFICATION_TITLE_MAX))
    .default(''),
  link: z.string().max(NOTIFICATION_LINK_MAX, tooLong(FieldLabel.link, NOTIFICATION_LINK_MAX)).default(''),
  actions: z
    .array(
      z.object({
        label: z
          .string()
          .max(NOTIFICATION_ACTION_LABEL_MAX, tooLong(FieldLabel.buttonLabel, NOTIFICATION_ACTION_LABEL_MAX)),
        url: z.string().max(NOTIFICATION_LINK_MAX, tooLong(FieldLabel.buttonLink, NOTIFICATION_LINK_MAX)),
      }),
      { error: 'actions must be a list of buttons' },
    )
    .max(NOTIFICATION_ACTIONS_MAX, Msg.tooManyButtons)
    .default([]),
  /** A picture uploaded for the establishment; kept with the draft. */
  mediaId: z.uuid({ error: 'Upload the picture again.' }).nullish(),
  /** The text in other languages, as the send takes them (empty ones dropped). */
  translations: PostTranslationsSchema.default({}),
  /** The title and button labels in other languages, as the send takes them (checked against them when sent). */
  richTranslations: RichTranslationsSchema.default({}),
});
export type DraftContent = z.infer<typeof DraftContentSchema>;

const nameField = z
  .string({ error: required(FieldLabel.name) })
  .trim()
  .min(1, required(FieldLabel.name))
  .max(DRAFT_NAME_MAX, tooLong(FieldLabel.name, DRAFT_NAME_MAX));

/** POST /api/establishments/{id}/drafts */
export const CreateDraftBodySchema = z.object({
  kind: z.enum(DRAFT_KINDS, { error: 'kind must be draft or template' }),
  name: nameField,
  content: DraftContentSchema,
});
export type CreateDraftBody = z.input<typeof CreateDraftBodySchema>;

/** PATCH /api/drafts/{id}: a new name and/or content. */
export const UpdateDraftBodySchema = z
  .object({ name: nameField.optional(), content: DraftContentSchema.optional() })
  .refine((body) => body.name !== undefined || body.content !== undefined, {
    error: required(FieldLabel.name),
    path: ['name'],
  });
export type UpdateDraftBody = z.input<typeof UpdateDraftBodySchema>;

export const DraftSchema = z.object({
  id: z.string(),
  kind: z.enum(DRAFT_KINDS),
  name: z.string(),
  content: z.object({
    text: z.string(),
    title: z.string(),
    link: z.string(),
    actions: z.array(z.object({ label: z.string(), url: z.string() })),
    mediaId: z.string().nullable(),
    /** The picture's address, null when none (or it is gone). */
    mediaUrl: z.string().nullable(),
    translations: z.record(z.string(), z.string()),
    richTranslations: z.record(
      z.string(),
      z.object({ title: z.string().optional(), actions: z.array(z.string()).optional() }),
    ),
  }),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof DraftSchema>;
export const DraftResponseSchema = z.object({ draft: DraftSchema, message: z.string() });
export const DraftListSchema = z.object({ items: z.array(DraftSchema) });
export type DraftList = z.infer<typeof DraftListSchema>;

export const DraftListQuerySchema = z.object({
  kind: z.enum(DRAFT_KINDS, { error: 'kind must be draft or template' }),
});
export const DraftParamsSchema = z.object({ id: z.uuid({ error: Msg.notFound }) });
