import type { Post } from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import type { PostRow } from './posts.repo';

/** A post as every follower sees it (no delivery figures, no reader's own reaction), with its place. */
export interface SharedPost {
  post: Post;
  /** The row `post` was made from: a sender's page adds what only senders see to it. */
  row: PostRow;
  /** `post` serialized once when loaded: a page is these joined, not the posts serialized again. */
  json: string;
  /** created_at in milliseconds and id: the feeds' order, newest first. */
  at: number;
  id: string;
}

/** What a load returns: each establishment's newest posts, newest first. */
export type HeadsLoader = (establishmentIds: string[]) => Promise<Map<string, SharedPost[]>>;

interface Head {
  version: number;
  posts: SharedPost[];
}

/** Establishments' heads kept at most; the oldest stored go first (each about a feed page's size). */
const MAX_HEADS = 2_000;

/**
 * The newest posts of each establishment's feed, per process, as followers see them: a follower's
 * feed page is built from these and their own reactions, without reading posts and counting
 * reactions and comments again. Each head is kept with the establishment's feed_version it was
 * read at; every read brings the current version (one column of a row the request reads anyway)
 * and a head of another version is read again. The version goes up in the same transaction as any
 * change to what followers see (triggers, migration 0017), so a change made by any process is
 * served by every process from its next request: no time-to-live, no staleness.
 */
export class FeedCache {
  private readonly heads = new Map<string, Head>();
  /** Loads under way, by key and version: many readers of a head that changed wait for one load. */
  private readonly loading = new Map<string, Promise<SharedPost[]>>();

  /**
   * The newest `size` posts of each establishment (at the version given), loading those not held
   * at that version in one call of `load`. `held`: every one was in memory at its version.
   */
  async headsOf(
    wanted: { id: string; feedVersion: number }[],
    size: number,
    load: HeadsLoader,
  ): Promise<{ heads: Map<string, SharedPost[]>; held: boolean }> {
    const found = new Map<string, SharedPost[]>();
    const waits: Promise<void>[] = [];
    const missing: { id: string; feedVersion: number }[] = [];
    for (const source of wanted) {
      const key = `${source.id}:${size}`;
      const head = this.heads.get(key);
      if (head?.version === source.feedVersion) {
        found.set(source.id, head.posts);
        continue;
      }
      const pending = this.loading.get(`${key}:${source.feedVersion}`);
      if (pending) waits.push(pending.then((posts) => void found.set(source.id, posts)));
      else missing.push(source);
    }
    if (missing.length > 0) waits.push(this.loadMissing(missing, size, load, found));
    await Promise.all(waits);
    return { heads: found, held: waits.length === 0 };
  }

  /** The newest `size` posts held for an establishment, whatever its version now (a guess to check). */
  peek(establishmentId: string, size: number): SharedPost[] | undefined {
    return this.heads.get(`${establishmentId}:${size}`)?.posts;
  }

  private async loadMissing(
    missing: { id: string; feedVersion: number }[],
    size: number,
    load: HeadsLoader,
    found: Map<string, SharedPost[]>,
  ): Promise<void> {
    const loaded = load(missing.map((source) => source.id));
    const loadKeys = missing.map((source) => `${source.id}:${size}:${source.feedVersion}`);
    missing.forEach((source, i) => {
      const posts = loaded.then((heads) => heads.get(source.id) ?? []);
      // A failed load is reported to the requests that wait for it, not as an unhandled rejection.
      posts.catch(() => {});
      this.loading.set(loadKeys[i]!, posts);
    });
    try {
      const heads = await loaded;
      for (const source of missing) {
        const posts = heads.get(source.id) ?? [];
        found.set(source.id, posts);
        // Read after the version was: at least as new as it. A newer head stored meanwhile stays.
        const key = `${source.id}:${size}`;
        const held = this.heads.get(key);
        if (held && held.version > source.feedVersion) continue;
        this.heads.delete(key);
        if (this.heads.size >= MAX_HEADS) this.heads.delete(this.heads.keys().next().value!);
        this.heads.set(key, { version: source.feedVersion, posts });
      }
    } finally {
      for (const key of loadKeys) this.loading.delete(key);
    }
  }
}

const caches = new WeakMap<AppContext, FeedCache>();

/** This app's feed cache (one per buildApp: tests run several apps in one process). */
export function feedCacheOf(ctx: AppContext): FeedCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new FeedCache();
    caches.set(ctx, cache);
  }
  return cache;
}
