import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deleteEndedCounters, hitCounter } from './rate-limit.repo';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's child: the merged limit options of one route or limiter. */
interface LimitOptions {
  groupId?: string;
  /** Count in memory between writes while far below the limit (see `coalesced` in rate-limit.plugin.ts). */
  coalesce?: boolean;
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
/** A coalesced key's hits counted in memory are written at most this long after the first of them. */
export const COALESCE_FLUSH_MS = 250;
/** Coalesced keys followed in memory at most; past that, hits are written one by one. */
const MAX_COALESCED_KEYS = 50_000;

/** A coalesced key's count as this process knows it. */
interface LocalCount {
  /** The count the database answered at this process's last write. */
  base: number;
  /** Hits since, not yet written. */
  pending: number;
  /** Hits a flush is writing at this moment. */
  inFlight: number;
  /** When the window ends, by this process's clock (from the database's time left). */
  until: number;
  /** A flush is scheduled. */
  flushing: boolean;
}

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
  const local = new Map<string, LocalCount>();
  let nextSweep = Date.now() + 60_000;

  const sweep = () => {
    const now = Date.now();
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_MS;
    for (const [key, known] of exceeded) if (known.until <= now) exceeded.delete(key);
    for (const [key, count] of local) if (count.until <= now && count.pending === 0) local.delete(key);
    deleteEndedCounters(db).catch((error) =>
      log.warn({ err: error }, 'could not delete ended rate-limit counters'),
    );
  };

  class DatabaseStore implements RateLimitStore {
    private readonly coalesce: boolean;

    constructor(
      options: LimitOptions,
      private readonly namespace = 'global',
    ) {
      this.coalesce = options.coalesce === true;
      // Those move a window's end on every hit: a fixed window in one statement cannot.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the database rate-limit store supports fixed windows only');
      }
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const full = `${this.namespace}|${key}`;
      const now = Date.now();
      if (this.coalesce) {
        this.incrCoalesced(full, callback, timeWindow, max, now);
        return;
      }
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

    /**
     * A high-volume public limit: the first hit of a window in this process is written and read
     * back (a restart or another process's count is seen), then hits are counted in memory and
     * written together every COALESCE_FLUSH_MS while this process's count stays under half the
     * limit; from there on every hit is written and read back, as in the exact path. So a page
     * read by thousands per second costs a few writes per second per client instead of a row
     * lock and a commit per request, and the limit still holds across processes: another
     * process's hits are seen at the latest one flush later, and near the limit exactly.
     */
    private incrCoalesced(full: string, callback: Callback, timeWindow: number, max: number, now: number) {
      const count = local.get(full);
      if (count && count.until > now && count.base + count.pending + count.inFlight + 1 < max / 2) {
        count.pending += 1;
        if (!count.flushing) {
          count.flushing = true;
          setTimeout(() => this.flush(full, count, timeWindow), COALESCE_FLUSH_MS).unref();
        }
        callback(null, { current: count.base + count.pending + count.inFlight, ttl: count.until - now });
        return;
      }
      // Written now, with whatever this process had counted and not written yet.
      const carried = count && count.until > now ? count.pending : 0;
      if (count) count.pending = 0;
      hitCounter(db, full, timeWindow, 1 + carried).then(
        ({ count: written, ttlMs }) => {
          const known = local.get(full);
          // Hits being written by a flush at this moment are not in `written` yet.
          const current = written + (known?.inFlight ?? 0);
          if (known) {
            // A new window starts from what was written in it.
            known.base = known.until > Date.now() ? Math.max(known.base, written) : written;
            known.until = Date.now() + ttlMs;
          } else if (local.size < MAX_COALESCED_KEYS) {
            local.set(full, {
              base: written,
              pending: 0,
              inFlight: 0,
              until: Date.now() + ttlMs,
              flushing: false,
            });
          }
          callback(null, { current, ttl: ttlMs });
        },
        (error: Error) => {
          if (count) count.pending += carried;
          callback(error);
        },
      );
      sweep();
    }

    /** Write a coalesced key's hits counted in memory (one statement for all of them). */
    private flush(full: string, count: LocalCount, timeWindow: number) {
      const hits = count.pending;
      count.flushing = false;
      if (hits === 0) return;
      count.pending = 0;
      count.inFlight += hits;
      hitCounter(db, full, timeWindow, hits).then(
        ({ count: written, ttlMs }) => {
          count.inFlight -= hits;
          count.base = Math.max(count.base, written);
          count.until = Date.now() + ttlMs;
        },
        (error: Error) => {
          count.inFlight -= hits;
          count.pending += hits;
          log.warn({ err: error }, 'could not write coalesced rate-limit hits');
        },
      );
    }

    child(options: LimitOptions): RateLimitStore {
      return new DatabaseStore(options, namespaceOf(options));
    }
  }
  return DatabaseStore;
}
