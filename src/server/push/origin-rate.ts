import type { SqlExecutor } from '../db/client';

/**
 * A rate limit per push service origin that every process and every send share. FCM's
 * default quota is 600,000 messages a minute per project: past it, it answers 429 to all of them.
 * Held to the limit here, a burst of sends is spread over time instead, each send's requests
 * waiting their turn with every other's (the queue's fair share decides whose batch runs), rather
 * than the quota running out and one send's deliveries failing or pausing.
 *
 * The count lives in the database (push_origin_rates, one row per origin): a process reserves a
 * tenth of a window's allowance at a time and hands it out locally, so the processes together never
 * exceed the limit and ask the database about ten times a window per origin, not per message.
 */

/** Reservations per window: a process asks for this fraction of the window's allowance at a time. */
const RESERVATIONS_PER_WINDOW = 10;

/** `limit` messages per `seconds`: a minute's quota counted per second when it allows one a second. */
export interface RateWindow {
  seconds: number;
  limit: number;
}

/** The window a per-minute limit is counted in: per second when it allows at least one a second. */
export function rateWindowOf(perMinute: number): RateWindow {
  return perMinute >= 60
    ? { seconds: 1, limit: Math.floor(perMinute / 60) }
    : { seconds: 60, limit: perMinute };
}

/**
 * Reserve up to `$3` messages of origin `$1`'s window `$2` (allowance `$4`): a new window starts from
 * zero; `granted` is what this reservation got (0 when the window is spent). In SET, `r.used` is the
 * row's value before this statement.
 */
const RESERVE = `
  INSERT INTO push_origin_rates AS r (origin, "window", used, granted)
  VALUES ($1::text, $2::bigint, LEAST($3::int, $4::int), LEAST($3::int, $4::int))
  ON CONFLICT (origin) DO UPDATE SET
    granted = CASE WHEN r."window" < excluded."window" THEN excluded.granted
                   ELSE GREATEST(0, LEAST($3::int, $4::int - r.used)) END,
    used = CASE WHEN r."window" < excluded."window" THEN excluded.used
                ELSE LEAST(r.used + $3::int, GREATEST(r.used, $4::int)) END,
    "window" = GREATEST(r."window", excluded."window")
  RETURNING granted`;

interface Bucket {
  /** Messages reserved and not yet handed out, of window `window` (they lapse with it). */
  tokens: number;
  window: number;
  /** The reservation in progress: those who wait share it. */
  refill?: Promise<void>;
}

export class OriginRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** `perMinuteOf`: an origin's limit, 0 for none. */
  constructor(
    private readonly sql: SqlExecutor,
    private readonly perMinuteOf: (origin: string) => number,
  ) {}

  /** Resolves when one more message to `origin` is within its limit (at once when it has none). */
  async take(origin: string): Promise<void> {
    const perMinute = this.perMinuteOf(origin);
    if (!(perMinute > 0)) return;
    const rate = rateWindowOf(perMinute);
    let bucket = this.buckets.get(origin);
    if (!bucket) {
      bucket = { tokens: 0, window: 0 };
      this.buckets.set(origin, bucket);
    }
    for (;;) {
      // What was reserved for an earlier window is not this one's to spend.
      if (bucket.window !== this.windowAt(rate)) bucket.tokens = 0;
      if (bucket.tokens > 0) break;
      const current = bucket;
      current.refill ??= this.reserve(origin, current, rate).finally(() => {
        current.refill = undefined;
      });
      await current.refill;
    }
    bucket.tokens -= 1;
  }

  private windowAt({ seconds }: RateWindow, now = Date.now()): number {
    return Math.floor(now / (seconds * 1000));
  }

  /** Reserve a share of the current window, waiting for the next window while this one is spent. */
  private async reserve(origin: string, bucket: Bucket, rate: RateWindow): Promise<void> {
    const ask = Math.max(1, Math.ceil(rate.limit / RESERVATIONS_PER_WINDOW));
    const length = rate.seconds * 1000;
    for (;;) {
      const now = Date.now();
      const window = this.windowAt(rate, now);
      const { rows } = await this.sql.executeSql(RESERVE, [origin, window, ask, rate.limit]);
      const granted = Number((rows[0] as { granted: number | string }).granted);
      if (granted > 0) {
        if (bucket.window !== window) bucket.tokens = 0;
        bucket.window = window;
        bucket.tokens += granted;
        return;
      }
      // Spent, by this process or others: the next window starts afresh.
      await new Promise((resolve) => setTimeout(resolve, (window + 1) * length - now));
    }
  }
}

/** The default of PUSH_ORIGIN_RATES: FCM's default quota for every push service. */
export const DEFAULT_PUSH_ORIGIN_RATES = '*=600000';

/**
 * PUSH_ORIGIN_RATES: messages a minute per push service, as `origin=limit` pairs separated by
 * commas; `*` is every origin not named; 0 is no limit. An origin's limit, by its origin.
 */
export function parseOriginRates(text: string): (origin: string) => number {
  const limits = new Map<string, number>();
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = item.lastIndexOf('=');
    const key = at < 0 ? '' : item.slice(0, at).trim();
    const value = at < 0 ? '' : item.slice(at + 1).trim();
    if (!key || !/^\d+$/.test(value)) {
      throw new Error(`"${item}" is not origin=messages-per-minute (e.g. https://fcm.googleapis.com=600000)`);
    }
    let origin = key;
    if (key !== '*') {
      try {
        origin = new URL(key).origin;
      } catch {
        throw new Error(`"${key}" is not an origin (e.g. https://fcm.googleapis.com) or *`);
      }
    }
    limits.set(origin, Number(value));
  }
  const fallback = limits.get('*') ?? 0;
  return (origin) => limits.get(origin) ?? fallback;
}
