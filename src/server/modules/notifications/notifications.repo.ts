import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { ReactionKind } from '../../../shared/schemas/reaction-kinds';
import { type Db, preparedPer } from '../../db/client';
import {
  establishments,
  memberships,
  notifications,
  notificationTargets,
  postMedia,
  postReactions,
  pushSubscriptions,
  recurringSends,
  users,
} from '../../db/schema';
import { CHANNEL_COUNTS_SQL, type ChannelCountsRow } from '../../delivery';
import { recordUnsubscribed } from './push-devices.repo';

export type NewNotification = typeof notifications.$inferInsert;

/** Insert a notification; undefined when its idempotency key is already taken by this author. */
export async function insertNotification(db: Db, values: NewNotification): Promise<string | undefined> {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({
      target: [notifications.authorId, notifications.idempotencyKey],
      where: sql`${notifications.idempotencyKey} IS NOT NULL`,
    })
    .returning({ id: notifications.id });
  return row?.id;
}

/** The notification this author sent with this key within the last `hours`. */
export async function findByIdempotencyKey(
  db: Db,
  authorId: string,
  key: string,
  hours: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.authorId, authorId),
        eq(notifications.idempotencyKey, key),
        sql`${notifications.createdAt} > now() - make_interval(hours => ${hours})`,
      ),
    );
  return row?.id;
}

export async function insertMedia(db: Db, values: typeof postMedia.$inferInsert) {
  await db.insert(postMedia).values(values);
}

export async function findMedia(db: Db, id: string) {
  const [row] = await db.select().from(postMedia).where(eq(postMedia.id, id));
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const establishmentRefColumns = {
  id: establishments.id,
  publicId: establishments.publicId,
  name: establishments.name,
  logo: establishments.logo,
  active: establishments.active,
  registeredById: establishments.registeredById,
  blockedAt: establishments.blockedAt,
  deletedAt: establishments.deletedAt,
  feedVersion: establishments.feedVersion,
  /** The business's clock: weekly sends repeat on it. */
  timeZone: establishments.timeZone,
};
// Prepared: every feed page and post request starts here.
const establishmentById = preparedPer((db) =>
  db
    .select(establishmentRefColumns)
    .from(establishments)
    .where(eq(establishments.id, sql.placeholder('id')))
    .prepare('establishment_ref_by_id'),
);
const establishmentByPublicId = preparedPer((db) =>
  db
    .select(establishmentRefColumns)
    .from(establishments)
    .where(eq(establishments.publicId, sql.placeholder('id')))
    .prepare('establishment_ref_by_public_id'),
);

/**
 * An establishment by id or public id, deleted ones included, for access checks and its feed: its
 * columns only. establishments.repo's findEstablishment also counts its followers and clients,
 * which the profile shows and a feed page does not need (a join over every member, each request).
 */
export async function findEstablishmentRef(db: Db, idOrPublicId: string) {
  const isUuid = UUID.test(idOrPublicId);
  if (!isUuid && !/^[a-z0-9-]{1,64}$/i.test(idOrPublicId)) return undefined;
  const [row] = isUuid
    ? await establishmentById(db).execute({ id: idOrPublicId })
    : await establishmentByPublicId(db).execute({ id: idOrPublicId.toLowerCase() });
  return row;
}

/**
 * findEstablishmentRef by id or public id and, in the same statement, the reader's reactions to its
 * newest `size` posts in the feed: what a follower's first page needs besides the feed cache's
 * head, whose version this reads too (one round trip where two were, on the busiest request).
 */
const readerReactionsOfHead = sql<[string, ReactionKind][] | null>`(
  select json_agg(json_build_array(r.notification_id, r.kind)) from ${postReactions} r
  where r.user_id = ${sql.placeholder('readerId')} and r.notification_id in (
    select n.id from ${notifications} n
    where n.establishment_id = ${establishments}.id and n.in_feed and n.deleted_at is null and n.status <> 'scheduled'
    order by n.created_at desc, n.id desc limit ${sql.placeholder('size')}))`;
const establishmentForReaderById = preparedPer((db) =>
  db
    .select({ ...establishmentRefColumns, readerReactions: readerReactionsOfHead })
    .from(establishments)
    .where(eq(establishments.id, sql.placeholder('id')))
    .prepare('establishment_for_reader_by_id'),
);
const establishmentForReaderByPublicId = preparedPer((db) =>
  db
    .select({ ...establishmentRefColumns, readerReactions: readerReactionsOfHead })
    .from(establishments)
    .where(eq(establishments.publicId, sql.placeholder('id')))
    .prepare('establishment_for_reader_by_public_id'),
);

export async function findEstablishmentForReader(
  db: Db,
  idOrPublicId: string,
  readerId: string,
  size: number,
) {
  const isUuid = UUID.test(idOrPublicId);
  if (!isUuid && !/^[a-z0-9-]{1,64}$/i.test(idOrPublicId)) return undefined;
  const [row] = isUuid
    ? await establishmentForReaderById(db).execute({ id: idOrPublicId, readerId, size })
    : await establishmentForReaderByPublicId(db).execute({ id: idOrPublicId.toLowerCase(), readerId, size });
  if (!row) return undefined;
  const { readerReactions, ...establishment } = row;
  const reactions = typeof readerReactions === 'string' ? JSON.parse(readerReactions) : readerReactions;
  return { establishment, readerReactions: new Map<string, ReactionKind>(reactions ?? []) };
}

/** A post with what its card shows. */
const postColumns = {
  id: notifications.id,
  establishmentId: notifications.establishmentId,
  publicId: establishments.publicId,
  establishmentName: establishments.name,
  logo: establishments.logo,
  registeredById: establishments.registeredById,
  /** Its establishment's block: its posts are then frozen for their operators. */
  blockedAt: establishments.blockedAt,
  text: notifications.text,
  title: notifications.title,
  linkUrl: notifications.linkUrl,
  actions: notifications.actions,
  translations: notifications.translations,
  richTranslations: notifications.richTranslations,
  recurrenceId: notifications.recurrenceId,
  recurrenceWeekdays: recurringSends.weekdays,
  recurrenceMinute: recurringSends.minuteOfDay,
  recurrenceUntil: recurringSends.until,
  recurrenceEndedAt: recurringSends.endedAt,
  timeZone: establishments.timeZone,
  mediaId: notifications.mediaId,
  mediaWidth: postMedia.width,
  mediaHeight: postMedia.height,
  mediaKind: postMedia.kind,
  mediaFileType: postMedia.fileType,
  mediaFileBytes: postMedia.fileBytes,
  mediaDuration: postMedia.durationSeconds,
  inFeed: notifications.inFeed,
  authorId: notifications.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  status: notifications.status,
  scheduledFor: notifications.scheduledFor,
  validUntil: notifications.validUntil,
  commentsEnabled: sql<boolean>`(${notifications.commentsEnabled} AND ${establishments.commentsEnabled})`,
  audience: notifications.audience,
  held: notifications.held,
  error: notifications.error,
  createdAt: notifications.createdAt,
  editedAt: notifications.editedAt,
  completedAt: notifications.completedAt,
};

function postQuery(db: Db) {
  return db
    .select(postColumns)
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .leftJoin(postMedia, eq(postMedia.id, notifications.mediaId))
    .leftJoin(users, eq(users.id, notifications.authorId))
    .leftJoin(recurringSends, eq(recurringSends.id, notifications.recurrenceId));
}

// Prepared: every send's answer and every read of one post; 40 columns and four joins were built
// by Drizzle and parsed and planned by PostgreSQL at each call.
const postById = preparedPer((db) =>
  postQuery(db)
    .where(
      and(
        eq(notifications.id, sql.placeholder('id')),
        isNull(notifications.deletedAt),
        isNull(establishments.deletedAt),
      ),
    )
    .prepare('post_by_id'),
);

export async function findPost(db: Db, id: string) {
  const [row] = await postById(db).execute({ id });
  return row;
}
export type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

export interface Cursor {
  createdAt: Date;
  id: string;
}

/**
 * Older than the cursor, as a row comparison: (created_at, id) < (c, i) is one range of the feed
 * indexes, where `created_at < c OR (created_at = c AND id < i)` would be a filter over every row.
 */
const before = (cursor: Cursor | undefined): SQL | undefined =>
  cursor
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

/**
 * A post in the feeds: posted, not deleted, not waiting for its time (a scheduled send is in no
 * feed until it goes; its senders list it apart: listScheduled). Written as literals, so the
 * planner matches the partial index notifications_feed_idx.
 */
const inTheFeeds = sql`${notifications.inFeed} AND ${notifications.deletedAt} IS NULL AND ${notifications.status} <> 'scheduled'`;

/** A page of an establishment's posts (or all its notifications), newest first. */
export async function listEstablishmentPosts(
  db: Db,
  establishmentId: string,
  options: { includePushOnly: boolean; cursor?: Cursor; limit: number },
): Promise<PostRow[]> {
  const rows = await postQuery(db)
    .where(
      and(
        eq(notifications.establishmentId, establishmentId),
        options.includePushOnly
          ? and(isNull(notifications.deletedAt), ne(notifications.status, 'scheduled'))
          : inTheFeeds,
        before(options.cursor),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
  return rows;
}

/**
 * What of a post only those who send for its establishment see, or what may change without its
 * feed_version moving (the fan-out's status, audience, error and end; a weekly send ending; who
 * registered the business), with its deliveries counted by channel and its targets: read on every
 * page a sender opens, over the feed cache's posts (notifications.service's sendersFirstPage).
 */
const senderColumns = {
  id: notifications.id,
  registeredById: establishments.registeredById,
  blockedAt: establishments.blockedAt,
  status: notifications.status,
  audience: notifications.audience,
  held: notifications.held,
  error: notifications.error,
  completedAt: notifications.completedAt,
  scheduledFor: notifications.scheduledFor,
  recurrenceId: notifications.recurrenceId,
  recurrenceWeekdays: recurringSends.weekdays,
  recurrenceMinute: recurringSends.minuteOfDay,
  recurrenceUntil: recurringSends.until,
  recurrenceEndedAt: recurringSends.endedAt,
  timeZone: establishments.timeZone,
  outcomes: sql<ChannelCountsRow[] | string | null>`(select json_agg(o) from (${sql.raw(CHANNEL_COUNTS_SQL)}
    where notification_id = ${notifications.id} group by notification_id, channel) o)`,
  targets: sql<[string, string][] | string | null>`(
    select json_agg(json_build_array(t.preference_id, t.preference_name) order by t.preference_name, t.preference_id)
    from ${notificationTargets} t where t.notification_id = ${notifications.id})`,
};
const senderViewsStatement = preparedPer((db) =>
  db
    .select(senderColumns)
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .leftJoin(recurringSends, eq(recurringSends.id, notifications.recurrenceId))
    .where(sql`${notifications.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('sender_views_of_posts'),
);

type SenderRow = Awaited<ReturnType<ReturnType<typeof senderViewsStatement>['execute']>>[number];
/** A post's sender view: senderColumns with its counts and targets parsed. */
export type SenderView = Omit<SenderRow, 'outcomes' | 'targets'> & {
  outcomes: ChannelCountsRow[];
  targets: { preferenceId: string; name: string }[];
};

const parsedJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The sender views of these posts, by id, in one prepared statement. */
export async function senderViewsOf(db: Db, ids: string[]): Promise<Map<string, SenderView>> {
  if (ids.length === 0) return new Map();
  const rows = await senderViewsStatement(db).execute({ ids });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        outcomes: parsedJson(row.outcomes) ?? [],
        targets: (parsedJson(row.targets) ?? []).map(([preferenceId, name]) => ({ preferenceId, name })),
      },
    ]),
  );
}

/**
 * A page of the posts of every establishment the user follows or operates, newest first: the
 * newest `limit` of each establishment (one short range of notifications_feed_idx each), then the
 * newest `limit` of those, so a page costs (establishments followed x limit) index entries
 * however many posts they have; merging all their posts and sorting read every one of them.
 */
export async function listFeed(
  db: Db,
  userId: string,
  options: { cursor?: Cursor; limit: number },
): Promise<PostRow[]> {
  const page = sql`(
    select p.id from ${memberships} m
    join ${establishments} e on e.id = m.establishment_id and e.deleted_at is null and e.blocked_at is null
    cross join lateral (
      select ${notifications.id} as id, ${notifications.createdAt} as created_at from ${notifications}
      where ${notifications.establishmentId} = m.establishment_id and ${inTheFeeds}
        ${options.cursor ? sql`and ${before(options.cursor)}` : sql``}
      order by ${notifications.createdAt} desc, ${notifications.id} desc
      limit ${options.limit}
    ) p
    where m.user_id = ${userId}
    order by p.created_at desc, p.id desc
    limit ${options.limit})`;
  return postQuery(db)
    .where(inArray(notifications.id, page))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** An establishment a user's social feed shows: one they follow or operate, not deleted or blocked. */
export interface FeedSource {
  id: string;
  registeredById: string | null;
  feedVersion: number;
}

const feedSourcesStatement = preparedPer((db) =>
  db
    .select({
      id: establishments.id,
      registeredById: establishments.registeredById,
      feedVersion: establishments.feedVersion,
      // Computed once for the statement (it names no column of the row).
      readerReactions: sql<[string, ReactionKind][] | null>`(
        select json_agg(json_build_array(r.notification_id, r.kind)) from ${postReactions} r
        where r.user_id = ${sql.placeholder('userId')} and r.notification_id = any(${sql.placeholder('postIds')}::uuid[]))`,
    })
    .from(memberships)
    .innerJoin(establishments, eq(establishments.id, memberships.establishmentId))
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        isNull(establishments.deletedAt),
        isNull(establishments.blockedAt),
      ),
    )
    .prepare('feed_sources'),
);

/**
 * The establishments of a user's social feed, with the feed versions their cached pages are checked
 * against and, in the same statement, the user's reactions to the posts named (the page the feed
 * cache expects to serve).
 */
export async function feedSourcesOf(
  db: Db,
  userId: string,
  postIds: string[],
): Promise<{ sources: FeedSource[]; readerReactions: Map<string, ReactionKind> }> {
  const rows = await feedSourcesStatement(db).execute({ userId, postIds });
  const first = rows[0]?.readerReactions;
  const reactions = typeof first === 'string' ? JSON.parse(first) : first;
  return {
    sources: rows.map(({ id, registeredById, feedVersion }) => ({ id, registeredById, feedVersion })),
    readerReactions: new Map<string, ReactionKind>(reactions ?? []),
  };
}

/**
 * The newest `size` posts in the feed of each of these establishments, in one statement: one short
 * range of notifications_feed_idx each (the feed cache's loads).
 */
export async function listFeedHeads(db: Db, establishmentIds: string[], size: number): Promise<PostRow[]> {
  if (establishmentIds.length === 0) return [];
  const heads = sql`(
    select p.id from unnest(${sql.param(establishmentIds)}::uuid[]) as e(id)
    cross join lateral (
      select ${notifications.id} as id from ${notifications}
      where ${notifications.establishmentId} = e.id and ${inTheFeeds}
      order by ${notifications.createdAt} desc, ${notifications.id} desc
      limit ${size}
    ) p)`;
  return postQuery(db)
    .where(inArray(notifications.id, heads))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** An establishment's scheduled sends still waiting, soonest first. */
export async function listScheduled(db: Db, establishmentId: string, limit: number): Promise<PostRow[]> {
  return postQuery(db)
    .where(
      and(
        eq(notifications.establishmentId, establishmentId),
        eq(notifications.status, 'scheduled'),
        isNull(notifications.deletedAt),
      ),
    )
    .orderBy(asc(notifications.scheduledFor), asc(notifications.id))
    .limit(limit);
}

/** Change a post's text; when it was edited. */
export async function updatePostText(db: Db, id: string, text: string): Promise<Date> {
  const editedAt = new Date();
  await db.update(notifications).set({ text, editedAt }).where(eq(notifications.id, id));
  return editedAt;
}

/** A deleted post leaves the feeds; its delivery record stays for the figures. */
export async function softDeletePost(db: Db, id: string) {
  await db.update(notifications).set({ deletedAt: new Date() }).where(eq(notifications.id, id));
}

/** Create or refresh a browser's subscription; the device now belongs to this user. Undefined: another user's. */
export async function upsertSubscription(
  db: Db,
  values: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    expiresAt: Date | null;
    userAgent: string;
    secretHash: string;
    sessionId: string | null;
  },
): Promise<{ id: string; created: boolean; stale: boolean } | undefined> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // The same user, or the same browser (same keys) signed in as someone else; else refused.
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id
        OR (${pushSubscriptions.p256dh} = excluded.p256dh AND ${pushSubscriptions.auth} = excluded.auth)`,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        expiresAt: values.expiresAt,
        userAgent: values.userAgent,
        secretHash: values.secretHash,
        sessionId: values.sessionId,
        // Seen, but not repaired: the same endpoint still fails; the browser takes a fresh one.
        lastSeenAt: sql`now()`,
      },
    })
    .returning({
      id: pushSubscriptions.id,
      created: sql<boolean>`(xmax = 0)`,
      stale: sql<boolean>`(${pushSubscriptions.staleSince} IS NOT NULL)`,
    });
  return row ? { id: row.id, created: Boolean(row.created), stale: Boolean(row.stale) } : undefined;
}

/** The browser turned push off on this device: forget it, recorded as a device lost (unsubscribed). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  await recordUnsubscribed(db, userId, rows);
  return rows.length > 0;
}
