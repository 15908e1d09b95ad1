/**
 * The establishments API over HTTP, end to end (block, unblock, delete and inactive): the real app
 * (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users of
 * each role are created directly in the database as setup; everything asserted is what a client sees
 * over HTTP. Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  createEstablishment,
  del,
  establishmentOf,
  expectError,
  expectForbidden,
  expectGone,
  expectUnauthorized,
  followerOf,
  get,
  listIds,
  me,
  patch,
  png,
  pngPart,
  post,
  profile,
  put,
  setupEstablishmentsApp,
  uniqueEmail,
  upload,
  userWithRole,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('block, unblock and delete (admin)', () => {
    it('blocking takes the public page offline and locks the operators out until unblocked', async () => {
      const e = await createEstablishment({ name: 'Blockable' });
      const client = await clientOf(e.id, 'block-client');
      const customer = await userWithRole('customer', 'block-customer');
      const rep = await userWithRole('representant', 'block-rep');
      const sent = await post(
        `/api/establishments/${e.id}/notifications`,
        { text: 'As sent', post: true },
        client.token,
      );
      expect(sent.statusCode, sent.body).toBe(202);
      const postId = sent.json<{ notification: { id: string } }>().notification.id;

      for (const user of [client, customer, rep]) {
        expectForbidden(await post(`/api/establishments/${e.id}/block`, undefined, user.token));
      }
      expectUnauthorized(await post(`/api/establishments/${e.id}/block`));

      const blocked = await post(`/api/establishments/${e.id}/block`, undefined, admin.token);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json().message).toBe(Msg.establishmentBlockedNow);
      expect(establishmentOf(blocked)).toMatchObject({ blocked: true, status: 'blocked' });
      // Blocking twice is harmless.
      expect((await post(`/api/establishments/${e.id}/block`, undefined, admin.token)).statusCode).toBe(200);

      expectError(
        await get(`/api/public/establishments/${e.publicId}`),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await get(`/api/public/establishments/${e.id}`, customer.token),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await put(`/api/establishments/${e.id}`, profile({ name: 'Still here' }), client.token),
        403,
        Msg.establishmentBlockedForOperators,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await upload(`/api/establishments/${e.id}/gallery`, client.token, [pngPart(await png(16, 16))]),
        403,
        Msg.establishmentBlockedForOperators,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await post(`/api/establishments/${e.id}/follow`, undefined, client.token),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await post(`/api/establishments/${e.publicId}/follow`, undefined, customer.token),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      // What its followers read is frozen for its operators: no post edit, no delete.
      expectError(
        await patch(`/api/notifications/${postId}`, { text: 'Rewritten while blocked' }, client.token),
        403,
        Msg.establishmentBlockedForOperators,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await del(`/api/notifications/${postId}`, client.token),
        403,
        Msg.establishmentBlockedForOperators,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expect((await get(`/api/notifications/${postId}`, admin.token)).json().post.text).toBe('As sent');
      // The admin still manages it, and the operator still sees it (blocked) in their list.
      const adminEdit = await put(`/api/establishments/${e.id}`, profile({ name: 'Blockable' }), admin.token);
      expect(adminEdit.statusCode, adminEdit.body).toBe(200);
      const clientRead = await get(`/api/establishments/${e.id}`, client.token);
      expect(establishmentOf(clientRead).status).toBe('blocked');

      for (const user of [client, customer, rep]) {
        expectForbidden(await post(`/api/establishments/${e.id}/unblock`, undefined, user.token));
      }
      const unblocked = await post(`/api/establishments/${e.id}/unblock`, undefined, admin.token);
      expect(unblocked.statusCode, unblocked.body).toBe(200);
      expect(unblocked.json().message).toBe(Msg.establishmentUnblocked);
      expect(establishmentOf(unblocked)).toMatchObject({ blocked: false, status: 'active' });

      const page = await get(`/api/public/establishments/${e.publicId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().establishment).toMatchObject({ id: e.id, status: 'active', viewer: null });
      const rewritten = await patch(
        `/api/notifications/${postId}`,
        { text: 'Rewritten after' },
        client.token,
      );
      expect(rewritten.statusCode, rewritten.body).toBe(200);
      const edit = await put(`/api/establishments/${e.id}`, profile({ name: 'Back again' }), client.token);
      expect(edit.statusCode, edit.body).toBe(200);
      expect(
        (await post(`/api/establishments/${e.id}/follow`, undefined, customer.token)).json().following,
      ).toBe(true);
    });

    it('deleting removes the page, the record, the list entries and the memberships', async () => {
      const e = await createEstablishment({ name: 'Doomed Diner' });
      const client = await clientOf(e.id, 'delete-client');
      const follower = await followerOf(e.id, 'delete-follower');
      const rep = await userWithRole('representant', 'delete-rep');
      expect((await me(client.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
      expect((await me(follower.token)).establishments).toEqual([
        { establishmentId: e.id, kind: 'customer' },
      ]);

      for (const user of [client, follower, rep]) {
        expectForbidden(await del(`/api/establishments/${e.id}`, user.token));
      }
      expectUnauthorized(await del(`/api/establishments/${e.id}`));

      const res = await del(`/api/establishments/${e.id}`, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: Msg.establishmentDeleted });

      expectGone(await get(`/api/public/establishments/${e.publicId}`));
      expect(Msg.establishmentNotFound).toBe('This business page does not exist.');
      expectGone(await get(`/api/public/establishments/${e.id}`));
      expectGone(await get(`/api/establishments/${e.id}`, admin.token));
      expectGone(await get(`/api/establishments/${e.id}`, client.token));
      expectGone(await put(`/api/establishments/${e.id}`, profile(), admin.token));
      expectGone(await post(`/api/establishments/${e.id}/block`, undefined, admin.token));
      expectGone(await post(`/api/establishments/${e.id}/follow`, undefined, follower.token));
      expectGone(await get(`/api/establishments/${e.id}/gallery`));
      expectGone(await del(`/api/establishments/${e.id}`, admin.token));
      expect(await listIds(admin.token, '?q=Doomed%20Diner')).toEqual([]);
      expect(await listIds(client.token)).toEqual([]);
      expect((await me(client.token)).establishments).toEqual([]);
      expect((await me(follower.token)).establishments).toEqual([]);
    });
  });

  describe('inactive establishments', () => {
    it('keep their public page (status inactive) but take no new followers', async () => {
      const e = await createEstablishment({ name: 'Sleepy Shop' });
      const client = await clientOf(e.id, 'inactive-client');
      const existing = await followerOf(e.id, 'inactive-existing');

      const off = await put(
        `/api/establishments/${e.id}`,
        profile({ name: 'Sleepy Shop', active: false }),
        client.token,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(establishmentOf(off)).toMatchObject({ active: false, status: 'inactive' });

      const page = await get(`/api/public/establishments/${e.publicId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().establishment).toMatchObject({
        status: 'inactive',
        name: 'Sleepy Shop',
        followerCount: 1,
      });

      const newcomer = await userWithRole('customer', 'inactive-newcomer');
      expectError(
        await post(`/api/establishments/${e.publicId}/follow`, undefined, newcomer.token),
        409,
        Msg.establishmentInactive,
        ErrorCode.ESTABLISHMENT_INACTIVE,
      );
      expect((await me(newcomer.token)).establishments).toEqual([]);
      // Who already follows keeps following.
      expect((await me(existing.token)).establishments).toEqual([
        { establishmentId: e.id, kind: 'customer' },
      ]);

      const reg = await post('/api/account/register', {
        firstName: 'Ivy',
        lastName: 'Inactive',
        email: uniqueEmail('inactive-reg'),
        phone: '+421 900 555 555',
        terms: true,
        establishmentId: e.publicId,
      });
      const regBody = expectError(reg, 400);
      expect(regBody.fields?.establishmentId).toBeDefined();

      const on = await put(
        `/api/establishments/${e.id}`,
        profile({ name: 'Sleepy Shop', active: true }),
        client.token,
      );
      expect(establishmentOf(on).status).toBe('active');
      const followed = await post(`/api/establishments/${e.publicId}/follow`, undefined, newcomer.token);
      expect(followed.statusCode, followed.body).toBe(200);
      expect(followed.json().following).toBe(true);
    });
  });
});
