import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORIGIN_PAUSE_MS,
  OriginThrottle,
  RETRY_AFTER_CAP_MS,
  THROTTLE_WINDOW,
  THROTTLED_TO_PAUSE,
} from './origin-throttle';

const ORIGIN = 'https://fcm.googleapis.com';
const endpoint = (i: number) => `${ORIGIN}/fcm/send/${i}`;

describe('a push service answering 429', () => {
  it('is not paused by a few endpoints answering 429, however often they are retried', () => {
    const throttle = new OriginThrottle(() => 0);
    for (let i = 0; i < 100; i++) throttle.answered(ORIGIN, endpoint(i), i < 4);
    // The few throttled endpoints are the only requests left at the end of a send: retried many times.
    for (let round = 0; round < 20; round++)
      for (let i = 0; i < 4; i++) expect(throttle.answered(ORIGIN, endpoint(i), true, 3_000)).toBe(false);
    expect(throttle.pausedFor(ORIGIN)).toBe(0);
  });

  it('pauses as a whole once most of its endpoints answer 429, for its Retry-After', () => {
    let now = 1_000;
    const throttle = new OriginThrottle(() => now);
    for (let i = 0; i < THROTTLE_WINDOW; i++) throttle.answered(ORIGIN, endpoint(i), false);
    let pausedAt = -1;
    for (let i = THROTTLE_WINDOW; i < THROTTLE_WINDOW * 2 && pausedAt < 0; i++)
      if (throttle.answered(ORIGIN, endpoint(i), true, 5_000)) pausedAt = i - THROTTLE_WINDOW + 1;
    // More than half of the window's endpoints, and at least THROTTLED_TO_PAUSE of them.
    expect(pausedAt).toBe(THROTTLE_WINDOW / 2 + 1);
    expect(throttle.pausedFor(ORIGIN)).toBe(5_000);
    expect(throttle.pausedFor('https://updates.push.services.mozilla.com')).toBe(0);
    now += 5_000;
    expect(throttle.pausedFor(ORIGIN)).toBe(0);
  });

  it('needs several endpoints before it judges the whole origin, and caps what it was asked to wait', () => {
    const throttle = new OriginThrottle(() => 0);
    for (let i = 0; i < THROTTLED_TO_PAUSE - 1; i++)
      expect(throttle.answered(ORIGIN, endpoint(i), true, 86_400_000)).toBe(false);
    expect(throttle.answered(ORIGIN, endpoint(99), true, 86_400_000)).toBe(true);
    expect(throttle.pausedFor(ORIGIN)).toBe(RETRY_AFTER_CAP_MS);
    const other = new OriginThrottle(() => 0);
    for (let i = 0; i < THROTTLED_TO_PAUSE; i++) other.answered(ORIGIN, endpoint(i), true);
    expect(other.pausedFor(ORIGIN)).toBe(DEFAULT_ORIGIN_PAUSE_MS);
  });

  it('forgets an endpoint that accepts again', () => {
    const throttle = new OriginThrottle(() => 0);
    for (let i = 0; i < THROTTLED_TO_PAUSE - 1; i++) throttle.answered(ORIGIN, endpoint(i), true);
    for (let i = 0; i < THROTTLED_TO_PAUSE - 1; i++) throttle.answered(ORIGIN, endpoint(i), false);
    expect(throttle.answered(ORIGIN, endpoint(50), true)).toBe(false);
  });
});
