import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deleteEndedCounters, hitCounter } from './rate-limit.repo';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's child: the merged limit options of one route or limiter. */
interface LimitOptions {
  groupId?: string;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store as @fastify/rate-limit uses it. */
export interface RateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(options: LimitOptions): RateLimitStore;
}

/** How often a process deletes counters whose window has ended. */
const SWEEP_MS = 10 * 60 * 1000;
/** Keys this process knows to be over their limit, at most. */
const MAX_KNOWN_EXCEEDED = 10_000;

/**
 * The counters' namespace: the route (each route its own count, as with the built-in store), or
 * the limit's `groupId` when several routes share one count (uploads), or one name for limiters
 * made with createRateLimit (their keys carry their own prefix).
 */
function namespaceOf(options: LimitOptions): string {
  if (options.groupId) return `group:${options.groupId}`;
  const { method, url } = options.routeInfo ?? {};
  if (method && url) return `${[method].flat().join(',')} ${url}`;
  return 'limiter';
}

/**
 * A @fastify/rate-limit store over the `rate_limit_counters` table, so every process counts against
 * one limit and a restart forgets nothing: one upsert per limited request. Once a key is over its
 * limit, this process answers the rest of that window from memory (a count only grows within a
 * window), so a flood of refused requests costs no database writes.
 */
export function databaseRateLimitStore(db: Db, log: FastifyBaseLogger) {
  const exceeded = new Map<string, { until: number; count: number }>();
  let nextSweep = Date.now() + 60_000;

  const sweep = () => {
    const now = Date.now();
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_MS;
    for (const [key, known] of exceeded) if (known.until <= now) exceeded.delete(key);
    deleteEndedCounters(db).catch((error) =>
      log.warn({ err: error }, 'could not delete ended rate-limit counters'),
    );
  };

  class DatabaseStore implements RateLimitStore {
    constructor(
      options: LimitOptions,
      private readonly namespace = 'global',
    ) {
      // Those move a window's end on every hit: a fixed window in one statement cannot.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the database rate-limit store supports fixed windows only');
      }
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const full = `${this.namespace}|${key}`;
      const now = Date.now();
      const known = exceeded.get(full);
      if (known && known.until > now) {
        known.count += 1;
        callback(null, { current: known.count, ttl: known.until - now });
        return;
      }
      hitCounter(db, full, timeWindow).then(
        ({ count, ttlMs }) => {
          if (count > max) {
            if (exceeded.size >= MAX_KNOWN_EXCEEDED) exceeded.delete(exceeded.keys().next().value!);
            exceeded.set(full, { until: Date.now() + ttlMs, count });
          }
          callback(null, { current: count, ttl: ttlMs });
        },
        (error: Error) => callback(error),
      );
      sweep();
    }

    child(options: LimitOptions): RateLimitStore {
      return new DatabaseStore(options, namespaceOf(options));
    }
  }
  return DatabaseStore;
}
