/**
 * Whether a device of the follower gets push (GET /api/account/follows, `hasDevice`), through HTTP
 * and a local push service: the account page and the followed business's page say "None of your
 * devices gets notifications yet" from it, and an automatic choice falls back to email by it. A
 * device counts while its browser has not let its subscription expire and it is not skipped as
 * stale (failed sends in a row); a device of someone else never counts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { business, completed, device, until } from '../../../../tests/support/delivery-integrity';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { FollowList } from '../../../shared/schemas/notify.schema';

// One failed send (of one attempt) makes a device stale.
const fixture = setupRouteFixture({
  push: 1,
  env: { PUSH_MAX_ATTEMPTS: '1', PUSH_FAILED_SENDS_TO_SKIP: '1' },
});
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
beforeAll(() => {
  ({ a, admin } = fixture);
  push = fixture.pushes[0]!;
});

async function hasDevice(user: Session): Promise<boolean> {
  const res = await a.call('GET', '/api/account/follows', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FollowList>().hasDevice;
}

async function sendAndWait(client: Session, establishmentId: string, text: string) {
  const res = await a.call(
    'POST',
    `/api/establishments/${establishmentId}/notifications`,
    { text, post: true },
    client.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  return until(a, client, res.json<{ notification: Post }>().notification.id, completed, 30_000);
}

describe("a follower's hasDevice", () => {
  it('is true with a live push subscription, false without one or with only an expired one', async () => {
    const { establishment } = await business(a, admin, 'Device Diner');
    const withPhone = await a.followerOf(establishment.id, 'with-phone');
    const without = await a.followerOf(establishment.id, 'without');
    const expired = await a.followerOf(establishment.id, 'expired');

    expect(await hasDevice(withPhone)).toBe(false);
    await device(a, push, withPhone);
    expect(await hasDevice(withPhone)).toBe(true);
    // Someone else's device is not theirs.
    expect(await hasDevice(without)).toBe(false);

    // The browser said its subscription ended a minute ago: nothing reaches it any more.
    const ended = { ...push.subscribe(), expirationTime: Date.now() - 60_000 };
    const res = await a.call('POST', '/notifications/subscribe', ended, expired.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(await hasDevice(expired)).toBe(false);
    // One that ends in an hour still gets push.
    const later = { ...push.subscribe(), expirationTime: Date.now() + 3600_000 };
    const renewed = await a.call('POST', '/notifications/subscribe', later, expired.token);
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(await hasDevice(expired)).toBe(true);
  });

  it('is false once the only device is skipped as stale, true while another one works', async () => {
    const { establishment, client } = await business(a, admin, 'Stale Steakhouse');
    const follower = await a.followerOf(establishment.id, 'stale-only');
    const twoPhones = await a.followerOf(establishment.id, 'two-phones');
    const broken = await device(a, push, follower);
    const brokenToo = await device(a, push, twoPhones);
    await device(a, push, twoPhones);
    push.respondAlways(broken.endpoint, { status: 500 });
    push.respondAlways(brokenToo.endpoint, { status: 500 });
    expect(await hasDevice(follower)).toBe(true);

    // PUSH_FAILED_SENDS_TO_SKIP=1: one send that fails a device makes it stale.
    const done = await sendAndWait(client, establishment.id, 'Anyone there?');
    expect(done.delivery).toMatchObject({ audience: 3, sent: 1, failed: 2 });
    const devices = await a.call('GET', '/api/account/devices', undefined, follower.token);
    expect(devices.json<{ items: { staleSince: string | null }[] }>().items).toMatchObject([
      { staleSince: expect.any(String) },
    ]);
    expect(await hasDevice(follower)).toBe(false);
    expect(await hasDevice(twoPhones)).toBe(true);

    push.respondAlways(broken.endpoint, null);
    push.respondAlways(brokenToo.endpoint, null);
  });
});
