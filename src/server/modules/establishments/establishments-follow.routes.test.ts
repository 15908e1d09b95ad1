/**
 * The establishments API over HTTP, end to end (follow, unfollow, and register and follow in one
 * step): the real app (routing, validation, auth, jobs, mail) on a throw-away database, with a real
 * SMTP sink. Users of each role are created directly in the database as setup; everything asserted is
 * what a client sees over HTTP. Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  createEstablishment,
  del,
  establishmentOf,
  expectError,
  expectGone,
  expectUnauthorized,
  get,
  listedBody,
  me,
  passwordIn,
  post,
  setupEstablishmentsApp,
  signIn,
  t,
  uniqueEmail,
  uniqueWord,
  userWithRole,
  verifyByLink,
} from '../../../../tests/support/establishments-fixtures';
import { Msg } from '../../../shared/messages';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('follow and unfollow', () => {
    it('a customer follows by public id and by id; the page and /me reflect it; unfollow undoes it', async () => {
      const e = await createEstablishment({ name: 'Followable Foods' });
      const customer = await userWithRole('customer', 'follow');

      const before = await get(`/api/public/establishments/${e.publicId}`, customer.token);
      expect(before.json().establishment).toMatchObject({
        followerCount: 0,
        viewer: { following: false, operating: false },
      });

      const byPublicId = await post(`/api/establishments/${e.publicId}/follow`, undefined, customer.token);
      expect(byPublicId.statusCode, byPublicId.body).toBe(200);
      expect(byPublicId.json()).toEqual({ establishmentId: e.id, following: true, message: Msg.followed });
      // Following again, by id this time, is fine and changes nothing.
      const byId = await post(`/api/establishments/${e.id}/follow`, undefined, customer.token);
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json()).toEqual({ establishmentId: e.id, following: true, message: Msg.followed });
      // The public id is matched case-insensitively.
      expect(
        (await post(`/api/establishments/${e.publicId.toUpperCase()}/follow`, undefined, customer.token))
          .statusCode,
      ).toBe(200);

      const user = await me(customer.token);
      expect(user.role).toBe('customer');
      expect(user.establishments).toEqual([{ establishmentId: e.id, kind: 'customer' }]);

      const page = await get(`/api/public/establishments/${e.publicId}`, customer.token);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().establishment).toMatchObject({
        id: e.id,
        publicId: e.publicId,
        name: 'Followable Foods',
        status: 'active',
        followerCount: 1,
        viewer: { following: true, operating: false },
      });
      // The public page shows no business registration data.
      expect(page.json().establishment).not.toHaveProperty('taxId');
      expect(page.json().establishment).not.toHaveProperty('vatNumber');
      expect((await get(`/api/public/establishments/${e.publicId}`)).json().establishment.viewer).toBeNull();
      expectUnauthorized(await get(`/api/public/establishments/${e.publicId}`, 'garbage-token'));

      const unfollowed = await del(`/api/establishments/${e.publicId}/follow`, customer.token);
      expect(unfollowed.statusCode, unfollowed.body).toBe(200);
      expect(unfollowed.json()).toEqual({ establishmentId: e.id, following: false, message: Msg.unfollowed });
      expect((await me(customer.token)).establishments).toEqual([]);
      const after = await get(`/api/public/establishments/${e.id}`, customer.token);
      expect(after.json().establishment).toMatchObject({
        followerCount: 0,
        viewer: { following: false, operating: false },
      });
      // Unfollowing twice is fine too.
      expect((await del(`/api/establishments/${e.id}/follow`, customer.token)).json().following).toBe(false);
    });

    it('refuses guests (401) and unknown establishments (404)', async () => {
      const e = await createEstablishment({ name: 'Guest Proof' });
      expectUnauthorized(await post(`/api/establishments/${e.publicId}/follow`));
      expectUnauthorized(await del(`/api/establishments/${e.publicId}/follow`));
      const customer = await userWithRole('customer', 'follow-404');
      expectGone(await post('/api/establishments/no-such-place-abc/follow', undefined, customer.token));
      expectGone(
        await post(
          '/api/establishments/00000000-0000-4000-8000-000000000000/follow',
          undefined,
          customer.token,
        ),
      );
    });

    it('a client following their own establishment stays its operator', async () => {
      const e = await createEstablishment({ name: 'Own Place' });
      const client = await clientOf(e.id, 'follow-own');
      const res = await post(`/api/establishments/${e.publicId}/follow`, undefined, client.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().following).toBe(true);
      expect((await me(client.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
      const page = await get(`/api/public/establishments/${e.publicId}`, client.token);
      expect(page.json().establishment).toMatchObject({
        followerCount: 0,
        viewer: { following: true, operating: true },
      });
      // Operators leave only through an admin: unfollow keeps the link.
      expect((await del(`/api/establishments/${e.id}/follow`, client.token)).statusCode).toBe(200);
      expect((await me(client.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
    });
  });

  describe('register and follow in one step', () => {
    it('registers a customer following the establishment given by its public id; the welcome email names it', async () => {
      const name = `Welcome Wagon ${uniqueWord('reg')}`;
      const e = await createEstablishment({ name });
      const email = uniqueEmail('reg-follow');
      const res = await post('/api/account/register', {
        firstName: 'Rita',
        lastName: 'Register',
        email,
        phone: '+421 900 123 456',
        terms: true,
        establishmentId: e.publicId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(Msg.registered);
      expect(res.json().user).toMatchObject({
        role: 'customer',
        establishments: [{ establishmentId: e.id, kind: 'customer' }],
      });
      const mail = await t.mail.waitFor(email);
      expect(mail.text).toContain(`You now follow ${name}`);
      const token = await signIn(email, passwordIn(mail));
      expect((await me(token)).establishments).toEqual([{ establishmentId: e.id, kind: 'customer' }]);
      // Not counted until the email is confirmed; the operators see them waiting in the member list.
      const page = await get(`/api/public/establishments/${e.publicId}`, token);
      expect(page.json().establishment).toMatchObject({ followerCount: 0, viewer: { following: true } });
      const userId = (await me(token)).id;
      const waiting = listedBody(await get(`/api/establishments/${e.id}/members`, admin.token));
      expect(waiting).toMatchObject({ followerCount: 0, clientCount: 0 });
      expect(waiting.items).toEqual([
        expect.objectContaining({ userId, kind: 'customer', emailVerified: false }),
      ]);
      // Its page reads before the link (what a push opens must open).
      expect((await get(`/api/establishments/${e.id}`, token)).statusCode).toBe(200);

      await verifyByLink(mail);
      const after = await get(`/api/public/establishments/${e.publicId}`, token);
      expect(after.json().establishment).toMatchObject({ followerCount: 1, viewer: { following: true } });
      const counted = listedBody(await get(`/api/establishments/${e.id}/members`, admin.token));
      expect(counted).toMatchObject({ followerCount: 1 });
      expect(counted.items).toEqual([expect.objectContaining({ userId, emailVerified: true })]);
      expect(establishmentOf(await get(`/api/establishments/${e.id}`, token))).toMatchObject({
        audience: 'follower',
        followerCount: 1,
      });
    });

    it('refuses a blocked or unknown establishment on fields.establishmentId', async () => {
      const e = await createEstablishment({ name: 'Blocked Welcome' });
      expect((await post(`/api/establishments/${e.id}/block`, undefined, admin.token)).statusCode).toBe(200);
      for (const establishmentId of [e.publicId, e.id, 'no-such-place-qqq']) {
        const email = uniqueEmail('reg-blocked');
        const res = await post('/api/account/register', {
          firstName: 'Bo',
          lastName: 'Blocked',
          email,
          phone: '+421 900 123 456',
          terms: true,
          establishmentId,
        });
        const body = expectError(res, 400);
        expect(body.fields?.establishmentId, res.body).toEqual(expect.any(String));
        // No account was created: the address is still free.
        const retry = await post('/api/account/register', {
          firstName: 'Bo',
          lastName: 'Blocked',
          email,
          phone: '+421 900 123 456',
          terms: true,
        });
        expect(retry.statusCode, retry.body).toBe(201);
      }
    });
  });
});
