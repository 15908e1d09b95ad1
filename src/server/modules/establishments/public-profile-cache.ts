import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type PublicEstablishment,
  PublicEstablishmentSchema,
} from '../../../shared/schemas/establishment.schema';
import type { AppContext } from '../../context';
import { etagOf } from '../../lib/http-cache';

/**
 * How long this process answers a business's public profile from memory. A change made through this
 * process is seen at once (every write request empties the cache, below); one made through another
 * web process on the same PostgreSQL is seen at the latest this much later.
 */
export const PUBLIC_PROFILE_TTL_MS = 5_000;
/** How long a browser or proxy may reuse a guest's copy before asking again (then 304 when unchanged). */
export const PUBLIC_PROFILE_MAX_AGE_S = 5;
/** A profile read in its last this-many milliseconds is read again in the background. */
const REFRESH_AHEAD_MS = 2_000;
/** Profiles kept at most (by the address asked: id or public id); the oldest go first. */
const MAX_ENTRIES = 10_000;

/** The guest's view of one business's profile, serialized once. */
export interface CachedProfile {
  profile: PublicEstablishment;
  /** `{ establishment }` as the route answers it to a guest. */
  guestBody: string;
  etag: string;
}

interface Entry extends CachedProfile {
  expires: number;
}

/**
 * Public profiles as guests see them, per process. Only the guest view is kept (viewer: null): a
 * signed-in caller's `viewer` is added per request from their own session, so nothing of one
 * user's is ever served to another. Unknown, deleted and blocked businesses are never kept.
 */
export class PublicProfileCache {
  private readonly entries = new Map<string, Entry>();
  /** Loads under way by key: the guests asking for one profile at once wait for one load. */
  private readonly loading = new Map<string, Promise<CachedProfile>>();
  /** Bumped by each clear: a read that began before a write does not store what it read. */
  private generation = 0;

  /**
   * The profile by the address asked, from memory while fresh, else from `load` (which throws
   * 404/403). A profile asked for in the last part of its life is read again in the background,
   * so a busy page never expires under its readers (every entry expiring at once made the slow
   * 1% of answers, many times the median).
   */
  async get(key: string, load: () => Promise<PublicEstablishment>): Promise<CachedProfile> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      if (hit.expires - now < REFRESH_AHEAD_MS && !this.loading.has(key)) {
        // Failures are the next reader's to see: a deleted business is dropped, an error retried.
        this.load(key, load).catch(() => this.entries.delete(key));
      }
      return hit;
    }
    return this.loading.get(key) ?? this.load(key, load);
  }

  private load(key: string, load: () => Promise<PublicEstablishment>): Promise<CachedProfile> {
    const generation = this.generation;
    const loaded = (async () => {
      // Through the answer's schema once, as the route's serializer would: only its fields leave.
      const profile = PublicEstablishmentSchema.parse(await load());
      const guestBody = JSON.stringify({ establishment: profile });
      const entry: Entry = {
        profile,
        guestBody,
        etag: etagOf(guestBody),
        expires: Date.now() + PUBLIC_PROFILE_TTL_MS,
      };
      if (generation === this.generation) {
        this.entries.delete(key);
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, entry);
      }
      return entry;
    })();
    this.loading.set(key, loaded);
    const forget = () => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    };
    loaded.then(forget, forget);
    return loaded;
  }

  /** Forget every profile: something may have changed one (an edit, a follow, a block, a deletion). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    // A load under way read the profile before the change: the next reader loads it again.
    this.loading.clear();
  }
}

const caches = new WeakMap<AppContext, PublicProfileCache>();

/** This app's cache (one per buildApp: tests run several apps in one process). */
export function publicProfileCacheOf(ctx: AppContext): PublicProfileCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new PublicProfileCache();
    caches.set(ctx, cache);
  }
  return cache;
}

/**
 * Writes that never change a public profile (they are frequent, and would empty the cache for
 * nothing): page views, receipts, push subscriptions, sign-in, sending a notification, reactions
 * and comments (a Friday night's most frequent writes). Any other POST, PUT, PATCH or DELETE empties it.
 */
const KEEPS_PROFILES = new Set([
  'POST /api/analytics/pageview',
  'POST /api/notifications/:id/events',
  'POST /notifications/subscribe',
  'POST /notifications/unsubscribe',
  'POST /api/account/login',
  'POST /api/establishments/:id/notifications',
  'PUT /api/notifications/:id/reaction',
  'DELETE /api/notifications/:id/reaction',
  'POST /api/notifications/:id/comments',
  'PATCH /api/comments/:id',
  'DELETE /api/comments/:id',
]);

/**
 * Empties this process's profile cache on every write request before its answer leaves (onSend,
 * after the change is committed), so the writer and everyone after it read the new profile: an
 * edit, a picture, a follow or unfollow (the follower count), a verified email, a block, a
 * deletion, an account deleted with its follows. Simpler and safer than naming what each service
 * changes; writes are rare next to profile reads.
 */
export const publicProfileInvalidation = fp(async (app: FastifyInstance, ctx: AppContext) => {
  const cache = publicProfileCacheOf(ctx);
  app.addHook('onSend', async (request, _reply, payload) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return payload;
    if (!KEEPS_PROFILES.has(`${method} ${request.routeOptions.url}`)) cache.clear();
    return payload;
  });
});
