import { PostSchema } from '../../../shared/schemas/notification.schema';
import type { ReactionKind } from '../../../shared/schemas/reaction-kinds';
import type { AppContext } from '../../context';
import { SerializedJson } from '../../lib/http-cache';
import { feedCacheOf, type SharedPost } from './feed-cache';
import { encodeCursor, toPostDto } from './notification.dto';
import * as repo from './notifications.repo';
import { engagementOf, readerReactionsOf } from './post-engagement.repo';

/**
 * First pages of feeds as followers see them, from the feed cache: what readers without delivery
 * figures to see (followers, not senders) ask for most, on every opening of the app. Senders and
 * later pages are read from the database as before (notifications.service).
 */

/** Each establishment's newest `size` posts as every follower sees them: one read of posts, one of counts. */
async function loadHeads(ctx: AppContext, establishmentIds: string[], size: number) {
  const rows = await repo.listFeedHeads(ctx.db, establishmentIds, size);
  const engagement = await engagementOf(
    ctx.database.sql,
    null,
    rows.map((row) => row.id),
  );
  const heads = new Map<string, SharedPost[]>();
  for (const row of rows) {
    // Through the answer's schema once, as the route's serializer would: only its fields leave.
    const post = PostSchema.parse(toPostDto(row, null, engagement.get(row.id)));
    let posts = heads.get(row.establishmentId);
    if (!posts) {
      posts = [];
      heads.set(row.establishmentId, posts);
    }
    posts.push({ post, json: JSON.stringify(post), at: row.createdAt.getTime(), id: row.id });
  }
  return heads;
}

const newestFirst = (a: SharedPost, b: SharedPost) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The newest `limit` of these heads, merged in the feeds' order, and whether more follow. */
function firstOf(heads: Iterable<SharedPost[]>, limit: number) {
  let merged: SharedPost[] = [];
  let count = 0;
  for (const posts of heads) {
    merged = merged.concat(posts);
    count += 1;
  }
  if (count > 1) merged.sort(newestFirst);
  return { page: merged.slice(0, limit), more: merged.length > limit };
}

/**
 * The ids of the first page the feed cache would serve for these establishments from what it holds
 * now, whatever the versions: the posts whose reader's reactions are worth reading together with
 * the versions (the guess is checked: see followersFirstPage's `readerReactions`).
 */
export function expectedFirstPage(ctx: AppContext, establishmentIds: string[], limit: number): string[] {
  const cache = feedCacheOf(ctx);
  const held: SharedPost[][] = [];
  for (const id of establishmentIds) {
    const posts = cache.peek(id, limit + 1);
    if (posts) held.push(posts);
  }
  return firstOf(held, limit).page.map((entry) => entry.id);
}

/**
 * The first page (`limit` posts) of the feed of these establishments, for a reader who sends for
 * none of them: the newest `limit + 1` of each from the cache, merged, and the reader's own
 * reactions, serialized. The same posts, order and cursor as notifications.repo's listFeed.
 * `readerReactions`: the reader's reactions to the posts named by `coveredIds`, read in the same
 * statement as the versions; used when the cache held every head at its version and the page
 * shows only those posts, otherwise read again for the posts the page shows.
 */
export async function followersFirstPage(
  ctx: AppContext,
  readerId: string,
  sources: { id: string; feedVersion: number }[],
  limit: number,
  known?: { readerReactions: Map<string, ReactionKind>; coveredIds?: Set<string> },
): Promise<SerializedJson> {
  const size = limit + 1;
  const { heads, held } = await feedCacheOf(ctx).headsOf(sources, size, (ids) => loadHeads(ctx, ids, size));
  const { page, more } = firstOf(heads.values(), limit);
  const covered =
    known && held && (!known.coveredIds || page.every((entry) => known.coveredIds!.has(entry.id)));
  const mine = covered
    ? known.readerReactions
    : await readerReactionsOf(
        ctx.database.sql,
        readerId,
        page.map((entry) => entry.id),
      );
  // Only the posts the reader reacted to are serialized again, with their reaction.
  const items = page.map(({ post, json }) => {
    const kind = mine.get(post.id);
    return kind
      ? JSON.stringify({ ...post, reactions: { counts: post.reactions.counts, mine: kind } })
      : json;
  });
  const last = page.at(-1);
  const nextCursor = more && last ? encodeCursor({ createdAt: new Date(last.at), id: last.id }) : null;
  return new SerializedJson(`{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`);
}
