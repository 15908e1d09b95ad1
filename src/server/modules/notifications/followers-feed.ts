import { type Actor, can } from '../../../shared/permissions';
import { type FeedPage, type Post, PostSchema } from '../../../shared/schemas/notification.schema';
import type { ReactionKind } from '../../../shared/schemas/reaction-kinds';
import type { AppContext } from '../../context';
import { addChannelCounts, type DeliveryCounts } from '../../delivery';
import { SerializedJson } from '../../lib/http-cache';
import { feedCacheOf, type SharedPost } from './feed-cache';
import { encodeCursor, recurrenceOf, toDeliveryFigures, toPostDto } from './notification.dto';
import { engagementOf, readerReactionsOf } from './post-engagement.repo';
import { listFeedHeads } from './posts.repo';
import { senderViewsOf } from './sender-views.repo';

/**
 * First pages of feeds as followers see them, from the feed cache: what readers without delivery
 * figures to see (followers, not senders) ask for most, on every opening of the app; and an
 * establishment's first page as its senders see it, the same posts with what only they see read
 * fresh. Later pages, the social feed of a sender and `all=true` are read from the database as before
 * (post-reads.service).
 */

/** Each establishment's newest `size` posts as every follower sees them: one read of posts, one of counts. */
async function loadHeads(ctx: AppContext, establishmentIds: string[], size: number) {
  const rows = await listFeedHeads(ctx.db, establishmentIds, size);
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
    posts.push({ post, row, json: JSON.stringify(post), at: row.createdAt.getTime(), id: row.id });
  }
  return heads;
}

const newestFirst = (a: SharedPost, b: SharedPost) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The newest `limit` of these heads (each newest first), merged in the feeds' order, and whether
 * more follow: a merge that takes the newest head entry `limit` times, rather than concatenating
 * every head (a reader following ten businesses holds 210 entries) and sorting them all.
 */
function firstOf(heads: Iterable<SharedPost[]>, limit: number) {
  const cursors = [...heads].map((posts) => ({ posts, at: 0 }));
  const page: SharedPost[] = [];
  while (page.length <= limit) {
    let newest: { posts: SharedPost[]; at: number } | undefined;
    for (const cursor of cursors) {
      const candidate = cursor.posts[cursor.at];
      if (candidate && (!newest || newestFirst(candidate, newest.posts[newest.at]!) < 0)) newest = cursor;
    }
    if (!newest) break;
    page.push(newest.posts[newest.at]!);
    newest.at += 1;
  }
  return { page: page.slice(0, limit), more: page.length > limit };
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
 * One establishment's first pages without any reader's reaction, encoded once per head the feed
 * cache holds (a head is replaced, never changed, when its version moves) and page size.
 */
const plainPages = new WeakMap<SharedPost[], Map<number, Buffer>>();

/**
 * The first page (`limit` posts) of the feed of these establishments, for a reader who sends for
 * none of them: the newest `limit + 1` of each from the cache, merged, and the reader's own
 * reactions, serialized. The same posts, order and cursor as posts.repo's listFeed.
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
  const serialize = () => {
    // Only the posts the reader reacted to are serialized again, with their reaction.
    const items = page.map(({ post, json }) => {
      const kind = mine.get(post.id);
      return kind
        ? JSON.stringify({ ...post, reactions: { counts: post.reactions.counts, mine: kind } })
        : json;
    });
    const last = page.at(-1);
    const nextCursor = more && last ? encodeCursor({ createdAt: new Date(last.at), id: last.id }) : null;
    return `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
  };
  // One establishment's page that holds none of the reader's reactions is every such reader's.
  const head = sources.length === 1 ? heads.get(sources[0]!.id) : undefined;
  if (head && page.every((entry) => !mine.has(entry.id))) {
    let pages = plainPages.get(head);
    if (!pages) {
      pages = new Map();
      plainPages.set(head, pages);
    }
    let bytes = pages.get(limit);
    if (!bytes) {
      bytes = Buffer.from(serialize());
      pages.set(limit, bytes);
    }
    return new SerializedJson(bytes);
  }
  return new SerializedJson(serialize());
}

/**
 * The first page (`limit` posts) of one establishment's feed for a reader who may send for it: the
 * feed cache's newest `limit + 1` posts (at the version just read, as for its followers), with what
 * only senders see read fresh for the page's posts in one statement (the fan-out's status and
 * audience, the deliveries counted by channel, the targets, the weekly send: none of them moves
 * feed_version) and the reader's own reactions. The same answer as the page read from the database
 * (post-reads.service's toPage). undefined when a post of the page is gone meanwhile: the caller
 * reads the page from the database.
 */
export async function sendersFirstPage(
  ctx: AppContext,
  actor: Actor,
  source: { id: string; feedVersion: number },
  limit: number,
  readerReactions: Map<string, ReactionKind>,
): Promise<FeedPage | undefined> {
  const size = limit + 1;
  const { heads, held } = await feedCacheOf(ctx).headsOf([source], size, (ids) => loadHeads(ctx, ids, size));
  const posts = heads.get(source.id) ?? [];
  const page = posts.slice(0, limit);
  const ids = page.map((entry) => entry.id);
  const [views, mine] = await Promise.all([
    senderViewsOf(ctx.db, ids),
    // Read with the version: the reader's reactions to the very posts held at it.
    held ? readerReactions : readerReactionsOf(ctx.database.sql, actor.id, ids),
  ]);
  const items: Post[] = [];
  for (const entry of page) {
    const view = views.get(entry.id);
    if (!view) return undefined;
    const counts = new Map<string, DeliveryCounts>();
    for (const outcome of view.outcomes) addChannelCounts(counts, outcome);
    const sender = can(actor, 'notificationPost:create', {
      establishmentId: entry.row.establishmentId,
      registeredById: view.registeredById,
    });
    // The post as its followers see it (the cache's), with what only senders see read fresh: the
    // same answer as toPostDto over the row with the fresh columns, without copying the row (a
    // driver row is a dictionary-mode object: spreading one was a page's largest cost).
    items.push({
      ...entry.post,
      delivery: sender
        ? toDeliveryFigures(
            {
              status: view.status,
              audience: view.audience,
              held: view.held,
              error: view.error,
              completedAt: view.completedAt,
              createdAt: entry.row.createdAt,
            },
            counts.get(entry.id),
          )
        : null,
      targets: sender ? view.targets : null,
      scheduledFor: view.scheduledFor?.toISOString() ?? null,
      localTime: view.localTime,
      recurrence: sender ? recurrenceOf(view) : null,
      reactions: { counts: entry.post.reactions.counts, mine: mine.get(entry.id) ?? null },
    });
  }
  const last = page.at(-1);
  return { items, nextCursor: posts.length > limit && last ? encodeCursor(last.row) : null };
}
