import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryChannel } from '../../shared/schemas/channels';
import { type Db, preparedPer, type SqlExecutor } from '../db/client';
import { establishments, notifications, postMedia } from '../db/schema';
import { simpleArray } from '../db/sql-arrays';

/**
 * A send's row as the engine reads it (what a delivery needs of its notification) and moves it on
 * (fan-out progress, status). The rest of the notifications table belongs to modules/notifications.
 */

type NewNotification = typeof notifications.$inferInsert;

/** What the delivery jobs need of a notification. */
const deliveryColumns = {
  id: notifications.id,
  establishmentId: notifications.establishmentId,
  establishmentName: establishments.name,
  logo: establishments.logo,
  /** The business's address, which its emails carry. */
  address1: establishments.address1,
  zip: establishments.zip,
  city: establishments.city,
  country: establishments.country,
  text: notifications.text,
  title: notifications.title,
  linkUrl: notifications.linkUrl,
  actions: notifications.actions,
  translations: notifications.translations,
  richTranslations: notifications.richTranslations,
  mediaId: notifications.mediaId,
  /** A PDF's or a video's file beside the picture (an email links it): null for a picture. */
  mediaFileType: postMedia.fileType,
  mediaFileBytes: postMedia.fileBytes,
  status: notifications.status,
  /** An operator's send ('post') or a personal send (a welcome, a notice). */
  source: notifications.source,
  /** A personal send's one recipient; null: the establishment's audience. */
  recipientId: notifications.recipientId,
  /** The channels it may take (null: by its source, channelsOf). */
  channels: notifications.channels,
  /** A notice's post. */
  aboutId: notifications.aboutId,
  createdAt: notifications.createdAt,
  validUntil: notifications.validUntil,
  /** At scheduledFor's time of day on each follower's clock (else the business's, timeZone). */
  localTime: notifications.localTime,
  scheduledFor: notifications.scheduledFor,
  timeZone: establishments.timeZone,
  audienceCursor: notifications.audienceCursor,
  batchesDone: notifications.batchesDone,
};

export async function findForDelivery(db: Db, id: string) {
  const [row] = await db
    .select(deliveryColumns)
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .leftJoin(postMedia, eq(postMedia.id, notifications.mediaId))
    .where(eq(notifications.id, id));
  return row;
}

/** What a delivery batch needs of its notification: every batch reads it first (a small send is one batch). */
// Prepared: every batch of every send starts with it.
const forBatch = preparedPer((db) =>
  db
    .select(deliveryColumns)
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .leftJoin(postMedia, eq(postMedia.id, notifications.mediaId))
    .where(eq(notifications.id, sql.placeholder('id')))
    .prepare('notification_for_batch'),
);

export async function findForBatch(db: Db, id: string) {
  const [row] = await forBatch(db).execute({ id });
  return row;
}

export async function markSending(db: Db, id: string) {
  await db
    .update(notifications)
    .set({ status: 'sending' })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'queued')));
}

export async function saveFanoutProgress(
  db: Db,
  id: string,
  progress: Partial<Pick<NewNotification, 'audienceCursor' | 'audience' | 'batchesDone'>>,
) {
  await db.update(notifications).set(progress).where(eq(notifications.id, id));
}

/** One more page of the audience is queued: remember where, and how many devices so far. */
export async function advanceFanout(db: Db, id: string, cursor: string, added: number) {
  await db
    .update(notifications)
    .set({ audienceCursor: cursor, audience: sql`${notifications.audience} + ${added}` })
    .where(eq(notifications.id, id));
}

/** What a send's walk needs of it (see Walk in fanout/audience-walk.ts). */
export interface SendStart {
  establishmentId: string;
  /** The preferences it targets ([]: every member). */
  targets: string[];
  /** A personal send's one recipient; null: the audience. */
  recipient: string | null;
  /** Whether the fatigue guard applies: to an operator's send and an automation's, not to a personal one. */
  guarded: boolean;
  /** The channels it may take (null: every channel): a notice of comments or of a message rings phones only. */
  channels: DeliveryChannel[] | null;
  /**
   * Its recipient need not be a member: the other side of a private conversation hears of a
   * message after unfollowing, and whatever they chose for the business's sends (no pause, no
   * channel choice: a conversation they started is not a broadcast).
   */
  anyRecipient: boolean;
  /**
   * Its audience is the members listed for it (an automation's send: automation_recipients),
   * not every member.
   */
  listed: boolean;
}

/** The fatigue guard counts an operator's send and an automation's: personal notices pass. */
const isGuarded = (source: string) => source === 'post' || source === 'automation';

/**
 * A notice of comments or of a message is a push (no device: the module emails it its own way, or
 * it waits in the app).
 */
const channelsOf = (source: string): DeliveryChannel[] | null =>
  source === 'comments' || source === 'message' ? ['push'] : null;

/** The same of a notification read for delivery. */
export const sendOf = (
  n: {
    establishmentId: string;
    recipientId: string | null;
    source: string;
    channels: DeliveryChannel[] | null;
  },
  targets: string[],
): SendStart => ({
  establishmentId: n.establishmentId,
  targets,
  recipient: n.recipientId,
  guarded: isGuarded(n.source),
  channels: n.channels ?? channelsOf(n.source),
  anyRecipient: n.source === 'message',
  listed: n.source === 'automation',
});

/**
 * A send's moment has come (startFanout): mark it sending, and read what its walk needs, the
 * establishment and the preferences it targets ([]: every member), in one statement.
 */
export async function startSending(sql: SqlExecutor, id: string): Promise<SendStart | undefined> {
  const { rows } = await sql.executeSql(
    `UPDATE notifications SET status = CASE WHEN status = 'queued' THEN 'sending' ELSE status END
      WHERE id = $1
      RETURNING establishment_id, recipient_id, source, channels,
        ARRAY(SELECT preference_id::text FROM notification_targets WHERE notification_id = $1) AS targets`,
    [id],
  );
  const row = rows[0] as
    | {
        establishment_id: string;
        recipient_id: string | null;
        source: string;
        channels: DeliveryChannel[] | string | null;
        targets: string[];
      }
    | undefined;
  return (
    row && {
      establishmentId: row.establishment_id,
      targets: row.targets,
      recipient: row.recipient_id,
      guarded: isGuarded(row.source),
      channels: row.channels === null ? channelsOf(row.source) : simpleArray(row.channels),
      anyRecipient: row.source === 'message',
      listed: row.source === 'automation',
    }
  );
}

/**
 * A send's first page is queued (startFanout): save its cursor and what it added; when it was the
 * whole audience (`last`), also that every batch is handed out, the audience as counted, and the
 * send done when nothing is pending (none of its members has a device or wants email). One
 * statement where advanceFanout, saveFanoutProgress and completeIfDone were four.
 */
export async function saveFirstPage(
  sql: SqlExecutor,
  id: string,
  page: { cursor: string | null; added: number; last: boolean },
): Promise<void> {
  await sql.executeSql(
    `WITH audience AS (
       SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome = 'pending') AS pending
         FROM deliveries WHERE notification_id = $1 AND $4::boolean)
     UPDATE notifications n SET
        audience_cursor = coalesce($2::uuid, n.audience_cursor),
        audience = CASE WHEN $4::boolean THEN (SELECT a.n FROM audience a) ELSE n.audience + $3::int END,
        batches_done = n.batches_done OR $4::boolean,
        status = CASE WHEN $4::boolean AND (SELECT a.pending FROM audience a) = 0 AND n.status <> 'halted'
                      THEN 'done' ELSE n.status END,
        completed_at = CASE WHEN $4::boolean AND (SELECT a.pending FROM audience a) = 0 THEN now()
                            ELSE n.completed_at END
      WHERE n.id = $1`,
    [id, page.cursor, page.added, page.last],
  );
}
