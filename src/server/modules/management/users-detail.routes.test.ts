import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  a,
  admin,
  call,
  createCustomer,
  establishment,
  expectAdminOnly,
  expectError,
  expectFieldError,
  linkToken,
  preference,
  push,
  setupManagementApp,
  signInFromWelcome,
  welcomeMail,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { ManagedUserDetail } from '../../../shared/schemas/user-management.schema';

setupManagementApp({ withPush: true });

const detailOf = async (id: string) => {
  const res = await call('GET', `/api/management/users/${id}`, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: ManagedUserDetail }>().user;
};

/** Poll the user's page until their last delivery has an outcome. */
async function settledDetail(id: string): Promise<ManagedUserDetail> {
  const until = Date.now() + 20_000;
  for (;;) {
    const user = await detailOf(id);
    if (user.deliveries.length > 0 && user.deliveries.every((d) => d.outcome !== 'pending')) return user;
    if (Date.now() > until) throw new Error(`deliveries still pending: ${JSON.stringify(user.deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /api/management/users/:id', () => {
  it('is for admins only (401 guest; 403 customer, client, representative)', async () => {
    await expectAdminOnly('GET', `/api/management/users/${admin.id}`);
  });

  it('answers 400 naming the id when it is not one, and 404 for nobody', async () => {
    expectFieldError(await call('GET', '/api/management/users/not-an-id', undefined, admin.token), 'id');
    expectError(
      await call('GET', `/api/management/users/${randomUUID()}`, undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
      Msg.notFound,
    );
  });

  it('shows the profile, establishments, devices, preferences and last deliveries with their outcome', async () => {
    const shop = await establishment('Kaviareň Košice');
    const client = await a.clientOf(admin, shop.id);
    const vegan = await preference('Vegan');
    const created = await createCustomer(shop.id, { preferenceIds: [vegan.id], discountedPrices: true });
    // The customer confirms their address and lets their phone receive pushes.
    const token = linkToken(await welcomeMail(created.email), 'verify');
    expect((await call('POST', '/api/account/verify', { token })).statusCode).toBe(200);
    const customer = await signInFromWelcome(created.email);
    const phone = push!.subscribe();
    const subscribed = await a.call('POST', '/notifications/subscribe', phone, customer.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    const sent = await call(
      'POST',
      `/api/establishments/${shop.id}/notifications`,
      { text: 'Fresh croissants until noon', post: true },
      client.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);

    const user = await settledDetail(created.user.id);
    expect(user).toMatchObject({
      id: created.user.id,
      email: created.email,
      firstName: 'Zuzana',
      lastName: 'Nováková',
      role: 'customer',
      emailVerified: true,
      discountedPrices: true,
    });
    expect(user.establishments).toEqual([
      {
        establishmentId: shop.id,
        publicId: shop.publicId,
        name: 'Kaviareň Košice',
        kind: 'customer',
        since: expect.any(String),
      },
    ]);
    expect(user.devices).toHaveLength(1);
    expect(user.devices[0]).toMatchObject({ id: expect.any(String), userAgent: expect.any(String) });
    expect(Date.parse(user.devices[0]!.lastSeenAt)).not.toBeNaN();
    expect(user.preferences).toEqual([vegan]);
    expect(user.deliveries).toEqual([
      {
        notificationId: sent.json().notification.id,
        subscriptionId: user.devices[0]!.id,
        establishmentId: shop.id,
        establishmentName: 'Kaviareň Košice',
        text: 'Fresh croissants until noon',
        sentAt: expect.any(String),
        outcome: 'sent',
        httpStatus: 201,
        receivedAt: null,
        clickedAt: null,
      },
    ]);
    // Whitelisted: no secret leaves with it.
    expect(JSON.stringify(user)).not.toMatch(/passwordHash|tokenVersion|p256dh|endpoint|searchText/);
  });

  it('shows the last 20 deliveries, newest first, and nothing for a user with none', async () => {
    const shop = await establishment('Busy Bar');
    const client = await a.clientOf(admin, shop.id);
    const follower = await a.followerOf(shop.id);
    const subscribed = await a.call('POST', '/notifications/subscribe', push!.subscribe(), follower.token);
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    for (let i = 1; i <= 22; i++) {
      const sent = await call(
        'POST',
        `/api/establishments/${shop.id}/notifications`,
        { text: `News ${i}`, post: false },
        client.token,
      );
      expect(sent.statusCode, sent.body).toBe(202);
    }
    const until = Date.now() + 30_000;
    let user = await detailOf(follower.id);
    while (user.deliveries[0]?.text !== 'News 22' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      user = await detailOf(follower.id);
    }
    expect(user.deliveries.map((d) => d.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `News ${22 - i}`),
    );

    const lonely = await a.userWithRole('representant');
    expect(await detailOf(lonely.id)).toMatchObject({
      role: 'representant',
      establishments: [],
      devices: [],
      preferences: [],
      deliveries: [],
    });
  });
});
