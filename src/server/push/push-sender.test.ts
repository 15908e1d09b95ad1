import { describe, expect, it } from 'vitest';
import { backoffMs } from '../delivery';
import { classify, parseRetryAfter } from './push-sender';

describe('push service answers', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores garbage', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 5 ', now)).toBe(5_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('gives every status its class (RFC 8030 section 8)', () => {
    const kinds = Object.fromEntries(
      [201, 202, 400, 401, 403, 404, 410, 413, 429, 500, 502, 503, 418].map((s) => [s, classify(s).kind]),
    );
    expect(kinds).toEqual({
      201: 'sent',
      202: 'sent',
      400: 'payload',
      401: 'auth',
      403: 'auth',
      404: 'gone',
      410: 'gone',
      413: 'payload',
      429: 'retry',
      500: 'retry',
      502: 'retry',
      503: 'retry',
      418: 'failed',
    });
  });

  it('backs off exponentially with jitter, capped at 10 minutes', () => {
    expect(backoffMs(0, 0)).toBe(1_000);
    expect(backoffMs(0, 1)).toBe(2_000);
    expect(backoffMs(3, 1)).toBe(16_000);
    expect(backoffMs(20, 1)).toBe(600_000);
    expect(backoffMs(20, 0)).toBe(300_000);
  });
});
