/**
 * Guessing API keys: failed attempts are limited per client address (20 per 10 minutes by
 * default), after which that address gets 429 with Retry-After whatever key it brings; other
 * addresses, and keys that work, are not held. A deleted business's key is an unknown key.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { createKey } from '../../../../tests/support/api-keys-api';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

const fixture = setupRouteFixture();
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

const FAILURES_MAX = 20;
const WINDOW_SECONDS = 600;
const guess = () => `bk_${randomBytes(32).toString('base64url')}`;

/** The establishment's posts, read with `key` from `address`, as a till would. */
const postsWith = (key: string, establishmentId: string, address: string) =>
  t.request({
    method: 'GET',
    url: `/api/establishments/${establishmentId}/posts`,
    headers: { authorization: `Bearer ${key}` },
    remoteAddress: address,
  });

async function shopWithKey(name: string) {
  const establishment = await a.establishment(admin, name);
  const client = await a.clientOf(admin, establishment.id);
  const { key } = await createKey(t, client, establishment.id, ['send']);
  return { establishment, key };
}

describe('failed API key attempts per address', () => {
  it('answers 401 to 20 wrong keys, then 429 with Retry-After to anything from that address only', async () => {
    const { establishment, key } = await shopWithKey('Guessed Bakery');
    const guesser = '10.61.0.1';
    for (let i = 0; i < FAILURES_MAX; i++) {
      const res = await postsWith(guess(), establishment.id, guesser);
      expect(expectError(res, 401, ErrorCode.UNAUTHORIZED).error).toBe(Msg.apiKeyInvalid);
    }
    const limited = await postsWith(guess(), establishment.id, guesser);
    expect(expectError(limited, 429, ErrorCode.RATE_LIMITED).error).toBe(Msg.apiKeyAttemptsLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    // Were the right key let through, 429 or 200 would tell a guess from the key.
    expectError(await postsWith(key, establishment.id, guesser), 429, ErrorCode.RATE_LIMITED);
    // Another address is not held: the key works, a wrong one is a plain 401.
    expect((await postsWith(key, establishment.id, '10.61.0.2')).statusCode).toBe(200);
    expectError(await postsWith(guess(), establishment.id, '10.61.0.2'), 401, ErrorCode.UNAUTHORIZED);
  });

  it('does not count a key that works, and counts a revoked one', async () => {
    const { establishment, key } = await shopWithKey('Busy Till Bakery');
    const till = '10.61.1.1';
    for (let i = 0; i < FAILURES_MAX + 5; i++) {
      expect((await postsWith(key, establishment.id, till)).statusCode).toBe(200);
    }
    expectError(await postsWith(guess(), establishment.id, till), 401, ErrorCode.UNAUTHORIZED);

    const client = await a.clientOf(admin, establishment.id);
    const revoked = await createKey(t, client, establishment.id, ['send'], 'Old till');
    const res = await t.request({
      method: 'POST',
      url: `/api/establishments/${establishment.id}/api-keys/${revoked.apiKey.id}/revoke`,
      token: client.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shop = '10.61.1.2';
    for (let i = 0; i < FAILURES_MAX; i++) {
      expectError(await postsWith(revoked.key, establishment.id, shop), 401, ErrorCode.UNAUTHORIZED);
    }
    expectError(await postsWith(revoked.key, establishment.id, shop), 429, ErrorCode.RATE_LIMITED);
  });
});

describe("a deleted business's key", () => {
  it('is refused like any unknown key (401), not a 404 that tells it existed', async () => {
    const { establishment, key } = await shopWithKey('Closed Bakery');
    expect((await postsWith(key, establishment.id, '10.61.2.1')).statusCode).toBe(200);
    const deleted = await a.call('DELETE', `/api/establishments/${establishment.id}`, undefined, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const res = await postsWith(key, establishment.id, '10.61.2.1');
    expect(expectError(res, 401, ErrorCode.UNAUTHORIZED).error).toBe(Msg.apiKeyInvalid);
  });
});
