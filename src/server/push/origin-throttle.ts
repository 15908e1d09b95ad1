/**
 * 429 judged like 401/403: about one endpoint until the evidence says it is about the whole push
 * service. FCM answers 429 per device (one phone sent too much) and per project (our quota); a few
 * endpoints answering 429 must slow only those endpoints, while a push service that answers 429 to
 * most of its endpoints is asking us, not a device, to slow down.
 *
 * The evidence is the last answer of each of the origin's most recently answered endpoints, not of
 * its last requests: retries of the same few throttled endpoints (the only requests left at the end
 * of a send) must not look like a throttled origin.
 */

/** Distinct endpoints per origin whose last answer is remembered. */
export const THROTTLE_WINDOW = 32;
/** At least this many of them answered 429 last, and they are more than half: the origin pauses. */
export const THROTTLED_TO_PAUSE = 8;
/**
 * The longest wait a Retry-After is honoured for, by an endpoint or a whole origin. Longer than our
 * longest backoff buys nothing a push service could want of one device, while a mistaken or hostile
 * header (`Retry-After: 86400`) would spend the message's whole 24 h TTL waiting: past the cap we
 * try again and, answered 429 again, wait again, within the attempts a delivery has.
 */
export const RETRY_AFTER_CAP_MS = 10 * 60_000;
/** How long an origin pauses when its 429s say nothing of how long. */
export const DEFAULT_ORIGIN_PAUSE_MS = 10_000;

export const capRetryAfter = (ms: number | undefined): number | undefined =>
  ms === undefined ? undefined : Math.min(Math.max(0, ms), RETRY_AFTER_CAP_MS);

interface OriginState {
  /** Endpoint -> its last answer was 429; insertion order is recency. */
  lastAnswer: Map<string, boolean>;
  throttled: number;
  pausedUntil: number;
}

/** Per push service origin, in this process: is it throttling us as a whole, and until when. */
export class OriginThrottle {
  private readonly origins = new Map<string, OriginState>();

  constructor(private readonly now: () => number = Date.now) {}

  private stateOf(origin: string): OriginState {
    let state = this.origins.get(origin);
    if (!state) {
      state = { lastAnswer: new Map(), throttled: 0, pausedUntil: 0 };
      this.origins.set(origin, state);
    }
    return state;
  }

  /** Milliseconds the whole origin is paused for; 0 when it is not. */
  pausedFor(origin: string): number {
    const until = this.origins.get(origin)?.pausedUntil ?? 0;
    const left = until - this.now();
    return left > 0 ? left : 0;
  }

  /**
   * An endpoint of the origin answered: 429 (with its Retry-After, if any) or anything else.
   * Returns true when this answer paused the whole origin.
   */
  answered(origin: string, endpoint: string, throttled: boolean, retryAfterMs?: number): boolean {
    const state = this.stateOf(origin);
    const before = state.lastAnswer.get(endpoint);
    if (before !== undefined) {
      state.lastAnswer.delete(endpoint);
      if (before) state.throttled--;
    }
    state.lastAnswer.set(endpoint, throttled);
    if (throttled) state.throttled++;
    if (state.lastAnswer.size > THROTTLE_WINDOW) {
      const [oldest, wasThrottled] = state.lastAnswer.entries().next().value as [string, boolean];
      state.lastAnswer.delete(oldest);
      if (wasThrottled) state.throttled--;
    }
    if (!throttled) return false;
    const mostly = state.throttled >= THROTTLED_TO_PAUSE && state.throttled * 2 > state.lastAnswer.size;
    if (!mostly) return false;
    const until = this.now() + (capRetryAfter(retryAfterMs) ?? DEFAULT_ORIGIN_PAUSE_MS);
    const paused = until > state.pausedUntil && state.pausedUntil <= this.now();
    state.pausedUntil = Math.max(state.pausedUntil, until);
    return paused;
  }
}
