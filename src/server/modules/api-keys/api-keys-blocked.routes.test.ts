/**
 * A blocked business keeps no integrations going: its operators create no API keys and register no
 * webhooks, and its keys read and send nothing (403 ESTABLISHMENT_BLOCKED, "contact support") until
 * an admin unblocks it; what it has stays listed and revocable. Real app and database, over HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { createKey, keysUrl, listKeys, withKey } from '../../../../tests/support/api-keys-api';
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

const block = async (id: string, on: boolean) => {
  const res = await a.call(
    'POST',
    `/api/establishments/${id}/${on ? 'block' : 'unblock'}`,
    undefined,
    admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
};

/** What the key reads: the business's posts (send) and its followers (read:followers). */
const reads = (key: string, establishmentId: string) =>
  Promise.all([
    withKey(t, key, { method: 'GET', url: `/api/establishments/${establishmentId}/posts` }),
    withKey(t, key, {
      method: 'GET',
      url: `/api/management/export/followers?establishmentId=${establishmentId}&format=json`,
    }),
  ]);

const blocked = (res: Awaited<ReturnType<typeof withKey>>) =>
  expect(expectError(res, 403, ErrorCode.ESTABLISHMENT_BLOCKED).error).toBe(
    Msg.establishmentBlockedForOperators,
  );

describe('a blocked business', () => {
  it('gets no new key or webhook, and its keys read nothing until the unblock', async () => {
    const shop = await a.establishment(admin, 'Blocked Bakery');
    const client = await a.clientOf(admin, shop.id);
    await a.followerOf(shop.id);
    const { key, apiKey } = await createKey(t, client, shop.id, ['send', 'read:followers']);
    for (const res of await reads(key, shop.id)) expect(res.statusCode, res.body).toBe(200);

    await block(shop.id, true);
    blocked(await a.call('POST', keysUrl(shop.id), { name: 'Web shop', scopes: ['send'] }, client.token));
    const hook = { url: 'https://hooks.example.com/broadcast', events: ['follow'] };
    blocked(await a.call('POST', `/api/establishments/${shop.id}/webhooks`, hook, client.token));
    for (const res of await reads(key, shop.id)) blocked(res);
    // What it has stays in view: listed, and a key can still be revoked.
    expect((await listKeys(t, client, shop.id)).map((k) => k.id)).toEqual([apiKey.id]);

    await block(shop.id, false);
    for (const res of await reads(key, shop.id)) expect(res.statusCode, res.body).toBe(200);
    await createKey(t, client, shop.id, ['read:stats'], 'Web shop');
    const registered = await a.call('POST', `/api/establishments/${shop.id}/webhooks`, hook, client.token);
    expect(registered.statusCode, registered.body).toBe(201);
  });
});
