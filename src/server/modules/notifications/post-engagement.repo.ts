import type { CommentSummary, ReactionSummary } from '../../../shared/schemas/notification.schema';
import { REACTION_KINDS, type ReactionKind } from '../../../shared/schemas/reaction-kinds';
import type { SqlExecutor } from '../../db/client';

/** What a post's card shows of its reactions and comments, for one reader. */
export interface PostEngagement {
  reactions: ReactionSummary;
  commentCount: number;
}

export const NO_ENGAGEMENT: PostEngagement = { reactions: { counts: [], mine: null }, commentCount: 0 };

/**
 * Reactions per kind, the reader's own reaction (none for a null reader: what everyone sees, as the
 * feed cache keeps it) and the comment count of a page of posts, in two statements whatever the
 * page's size (indexes post_reactions_post_kind_idx, post_comments_post_idx).
 */
export async function engagementOf(
  sql: SqlExecutor,
  readerId: string | null,
  ids: string[],
): Promise<Map<string, PostEngagement>> {
  const result = new Map<string, PostEngagement>();
  if (ids.length === 0) return result;
  const [reactions, comments] = await Promise.all([
    sql.executeSql(
      `SELECT notification_id, kind, count(*)::int AS count, bool_or(user_id = $2::uuid) AS mine
         FROM post_reactions WHERE notification_id = ANY($1::uuid[])
        GROUP BY notification_id, kind`,
      [ids, readerId],
    ),
    sql.executeSql(
      `SELECT notification_id, count(*)::int AS count FROM post_comments
        WHERE notification_id = ANY($1::uuid[]) AND deleted_at IS NULL AND hidden_at IS NULL
        GROUP BY notification_id`,
      [ids],
    ),
  ]);
  const entry = (id: string) => {
    let found = result.get(id);
    if (!found) {
      found = { reactions: { counts: [], mine: null }, commentCount: 0 };
      result.set(id, found);
    }
    return found;
  };
  const rows = reactions.rows as {
    notification_id: string;
    kind: ReactionKind;
    count: number;
    mine: boolean;
  }[];
  rows.sort((a, b) => REACTION_KINDS.indexOf(a.kind) - REACTION_KINDS.indexOf(b.kind));
  for (const row of rows) {
    const post = entry(row.notification_id);
    post.reactions.counts.push({ kind: row.kind, count: Number(row.count) });
    if (row.mine) post.reactions.mine = row.kind;
  }
  for (const row of comments.rows as { notification_id: string; count: number }[]) {
    entry(row.notification_id).commentCount = Number(row.count);
  }
  return result;
}

/** The reader's own reaction to each of these posts that has one (primary key lookups). */
export async function readerReactionsOf(
  sql: SqlExecutor,
  readerId: string,
  ids: string[],
): Promise<Map<string, ReactionKind>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql.executeSql(
    `SELECT notification_id, kind FROM post_reactions
      WHERE notification_id = ANY($1::uuid[]) AND user_id = $2::uuid`,
    [ids, readerId],
    'reader_reactions',
  );
  return new Map(
    (rows as { notification_id: string; kind: ReactionKind }[]).map((row) => [row.notification_id, row.kind]),
  );
}

/** The comment summary of a post row: its count, and whether comments are on for it and its establishment. */
export const commentSummary = (engagement: PostEngagement, enabled: boolean): CommentSummary => ({
  count: engagement.commentCount,
  enabled,
});
