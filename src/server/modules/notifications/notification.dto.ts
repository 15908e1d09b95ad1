import { mediaFileUrl, mediaUrl } from '../../../shared/push/payload';
import { timeOfMinute } from '../../../shared/recurrence';
import type {
  ChannelFigures,
  DeliveryFigures,
  Media,
  Post,
} from '../../../shared/schemas/notification.schema';
import type { Target } from '../../../shared/schemas/preference.schema';
import { type ChannelCounts, type DeliveryCounts, NO_OUTCOMES } from '../../delivery';
import { commentSummary, NO_ENGAGEMENT, type PostEngagement } from './post-engagement.repo';
import type { PostRow } from './posts.repo';

const channelFigures = (c: ChannelCounts): ChannelFigures => ({
  sent: c.sent,
  received: c.received,
  clicked: c.clicked,
  failed: c.failed,
  gone: c.gone,
  pending: c.pending,
});

export function toDeliveryFigures(
  row: Pick<PostRow, 'status' | 'audience' | 'held' | 'error' | 'createdAt' | 'completedAt'>,
  counts: DeliveryCounts | undefined,
): DeliveryFigures {
  const c = counts ?? NO_OUTCOMES;
  return {
    status: row.status,
    audience: row.audience,
    sent: c.sent,
    received: c.received,
    clicked: c.clicked,
    failed: c.failed,
    gone: c.gone,
    // Before the audience is counted, what is pending is unknown: say 0 rather than a negative.
    pending: Math.max(0, row.audience - c.sent - c.failed - c.gone),
    deferred: c.deferred,
    held: row.held,
    error: row.error,
    channels: {
      push: channelFigures(c.channels.push),
      email: channelFigures(c.channels.email),
    },
    startedAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** What only those who may send for a post's establishment see of it. */
export interface ManagerView {
  delivery: DeliveryFigures;
  /** The preferences it was targeted at; []: every follower. */
  targets: Target[];
}

/** A post as the API answers it; delivery and targeting only for those who may send for its establishment. */
export function toPostDto(
  row: PostRow,
  manager: ManagerView | null,
  engagement: PostEngagement = NO_ENGAGEMENT,
): Post {
  const hasName = row.authorFirstName !== null || row.authorLastName !== null;
  return {
    id: row.id,
    establishment: {
      id: row.establishmentId,
      publicId: row.publicId,
      name: row.establishmentName,
      logo: row.logo,
    },
    text: row.text,
    media: mediaOf(row),
    inFeed: row.inFeed,
    ownerId: row.authorId,
    authorName: hasName ? `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    delivery: manager?.delivery ?? null,
    targets: manager?.targets ?? null,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    localTime: row.localTime,
    validUntil: row.validUntil?.toISOString() ?? null,
    title: row.title,
    link: row.linkUrl,
    actions: row.actions ?? [],
    translations: row.translations,
    richTranslations: row.richTranslations,
    recurrence: manager ? recurrenceOf(row) : null,
    reactions: engagement.reactions,
    comments: commentSummary(engagement, row.commentsEnabled),
  };
}

type RecurrenceFields = Pick<
  PostRow,
  | 'recurrenceId'
  | 'recurrenceWeekdays'
  | 'recurrenceMinute'
  | 'recurrenceUntil'
  | 'recurrenceEndedAt'
  | 'recurrencePausedAt'
  | 'recurrenceLocalTime'
  | 'timeZone'
>;

/** The weekly send a post is an occurrence of, as its senders see it; null for a one-off. */
export function recurrenceOf(row: RecurrenceFields): Post['recurrence'] {
  if (!row.recurrenceId || !row.recurrenceWeekdays?.length) return null;
  return {
    id: row.recurrenceId,
    weekday: row.recurrenceWeekdays[0]!,
    weekdays: row.recurrenceWeekdays,
    time: timeOfMinute(row.recurrenceMinute ?? 0),
    until: row.recurrenceUntil,
    timeZone: row.timeZone,
    ended: row.recurrenceEndedAt !== null,
    paused: row.recurrencePausedAt !== null,
    localTime: row.recurrenceLocalTime ?? false,
  };
}

/** Cursors are opaque to clients: the last item's time and id. */
export const encodeCursor = (row: Pick<PostRow, 'createdAt' | 'id'>) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

/** What encodeCursor writes: a four-digit-year ISO time (years 0001-9999, which PostgreSQL stores), "|", a uuid. */
const CURSOR =
  /^(?!0000)(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The position a cursor names, or undefined for anything encodeCursor could not have written. */
export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const [time, id] = [match[1]!, match[2]!];
  const createdAt = new Date(time);
  // Date rolls 2021-02-30 over into March: a time that does not read back as written is not ours.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time) return undefined;
  return { createdAt, id };
}

/** The post's picture, and the PDF or video it stands for. */
function mediaOf(row: PostRow): Media | null {
  if (!row.mediaId || row.mediaWidth === null || row.mediaHeight === null) return null;
  return {
    id: row.mediaId,
    url: mediaUrl(row.mediaId)!,
    width: row.mediaWidth,
    height: row.mediaHeight,
    kind: row.mediaKind ?? 'picture',
    fileUrl: mediaFileUrl(row.mediaId, row.mediaFileType),
    fileBytes: row.mediaFileBytes,
    durationSeconds: row.mediaDuration,
  };
}
