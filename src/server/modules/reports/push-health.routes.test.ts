/**
 * Permission health over HTTP and the real pipeline: the share of a business's pushes its
 * followers open (the warning under 1 % over ten sends), and its followers' devices lost by week
 * and why (410 from the push service, turned off, expired).
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import {
  a,
  admin,
  business,
  call,
  device,
  finished,
  messagesTo,
  push,
  send,
  setupNotificationsApp,
} from '../../../../tests/support/notifications-api';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { PushHealth } from '../../../shared/schemas/push-health.schema';

setupNotificationsApp();

const health = async (token: string, establishmentId?: string) => {
  const query = establishmentId ? `?establishmentId=${establishmentId}` : '';
  return call('GET', `/api/reports/push-health${query}`, undefined, token);
};

const healthOf = async (token: string, establishmentId: string) => {
  const res = await health(token, establishmentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PushHealth>();
};

async function sendNow(client: Session, establishmentId: string, text: string): Promise<Post> {
  const res = await send(client, establishmentId, { text, post: false });
  expect(res.statusCode, res.body).toBe(202);
  return finished(client, res.json<{ notification: Post }>().notification.id, 30_000);
}

describe('permission health', () => {
  it('warns when under 1 % of ten sends are opened, and not once followers open them', async () => {
    const { establishment, client } = await business('Quiet Pub');
    const followers = await Promise.all([1, 2].map((i) => a.followerOf(establishment.id, `quiet-${i}`)));
    const phones = await Promise.all(followers.map(device));
    await device(client); // the owner's own phone counts for nothing here
    const sends: Post[] = [];
    for (let i = 1; i <= 10; i++) sends.push(await sendNow(client, establishment.id, `Offer ${i}`));

    const ignored = await healthOf(client.token, establishment.id);
    expect(ignored).toMatchObject({
      days: 30,
      sends: 10,
      delivered: 20,
      opened: 0,
      openShare: 0,
      lowOpenShare: true,
    });

    const receipt = messagesTo(phones[0]!).find((m) => m.id === sends[9]!.id)!.receipt!;
    const click = await call('POST', `/api/notifications/${sends[9]!.id}/events`, {
      type: 'clicked',
      receipt,
    });
    expect(click.statusCode, click.body).toBe(204);
    const opened = await healthOf(client.token, establishment.id);
    expect(opened).toMatchObject({ delivered: 20, opened: 1, openShare: 0.05, lowOpenShare: false });
  });

  it('needs ten sends before it warns', async () => {
    const { establishment, client } = await business('New Pub');
    await device(await a.followerOf(establishment.id, 'new-pub'));
    await sendNow(client, establishment.id, 'Grand opening');
    expect(await healthOf(client.token, establishment.id)).toMatchObject({
      sends: 1,
      opened: 0,
      lowOpenShare: false,
    });
  });

  it("counts its followers' devices lost this week, by why", async () => {
    const { establishment, client } = await business('Lossy Bar');
    const [turnedOff, removed, gone, stranger] = await Promise.all(
      ['off', 'removed', 'gone']
        .map((tag) => a.followerOf(establishment.id, `lossy-${tag}`))
        .concat(a.userWithRole('customer', 'lossy-stranger')),
    );
    const phones = await Promise.all([turnedOff, removed, gone, stranger].map((u) => device(u!)));

    const off = await call(
      'POST',
      '/notifications/unsubscribe',
      { endpoint: phones[0]!.endpoint },
      turnedOff!.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const listed = await call('GET', '/api/account/devices', undefined, removed!.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const [own] = listed.json<{ items: { id: string }[] }>().items;
    const forget = await call('DELETE', `/api/account/devices/${own!.id}`, undefined, removed!.token);
    expect(forget.statusCode, forget.body).toBeLessThan(300);
    push.expire(phones[2]!.endpoint);
    // A stranger's lost device is not this business's follower's.
    await call('POST', '/notifications/unsubscribe', { endpoint: phones[3]!.endpoint }, stranger!.token);
    await sendNow(client, establishment.id, 'Anyone there?');

    const { devicesLost } = await healthOf(client.token, establishment.id);
    expect(devicesLost).toHaveLength(4);
    expect(devicesLost[0]).toMatchObject({ gone: 1, unsubscribed: 2, expired: 0, total: 3 });
    expect(devicesLost.slice(1).map((w) => w.total)).toEqual([0, 0, 0]);
  });

  it('is read by who manages the business, and by admins for the platform', async () => {
    const { establishment } = await business('Private Figures');
    const other = await business('Other Figures');
    const outsider = await a.userWithRole('customer', 'figures-outsider');
    expect((await health(other.client.token, establishment.id)).statusCode).toBe(403);
    expect((await health(outsider.token, establishment.id)).statusCode).toBe(403);
    expect((await health(outsider.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/reports/push-health')).statusCode).toBe(401);
    expect((await health(admin.token)).statusCode).toBe(200);
    expect((await health(admin.token, 'not-an-id')).statusCode).toBe(400);
  });
});
