import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ReactionKind } from '../../../shared/schemas/reaction-kinds';
import { type Db, preparedPer } from '../../db/client';
import { establishments, memberships, notifications, postReactions } from '../../db/schema';

/**
 * The establishments a post or feed request starts from: one by id or public id (access checks,
 * its feed, with the reader's reactions to its head) and those of a reader's social feed.
 */

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
