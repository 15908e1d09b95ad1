import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import {
  establishments,
  memberships,
  notifications,
  postMedia,
  recurringSends,
  users,
} from '../../db/schema';

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
  recurrencePausedAt: recurringSends.pausedAt,
  recurrenceLocalTime: recurringSends.localTime,
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
  localTime: notifications.localTime,
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
        // A personal send (a welcome, a notice of comments) is no post: not read, edited nor withdrawn.
        eq(notifications.source, 'post'),
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
          ? and(
              isNull(notifications.deletedAt),
              ne(notifications.status, 'scheduled'),
              // Welcomes are personal sends, not the business's posts.
              eq(notifications.source, 'post'),
            )
          : inTheFeeds,
        before(options.cursor),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
  return rows;
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
