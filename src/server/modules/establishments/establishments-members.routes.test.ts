/**
 * The establishments API over HTTP, end to end (members and operators removed): the real app (routing,
 * validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users of each role
 * are created directly in the database as setup; everything asserted is what a client sees over HTTP.
 * Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  addMember,
  admin,
  createEstablishment,
  del,
  expectError,
  expectFieldError,
  expectForbidden,
  expectUnauthorized,
  get,
  listedBody,
  me,
  post,
  profile,
  put,
  type Session,
  setupEstablishmentsApp,
  uniqueEmail,
  userWithRole,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('members', () => {
    it('admin adds an existing user as client and as customer, lists and removes them', async () => {
      const e = await createEstablishment({ name: 'Member Hall' });
      const futureClient = await userWithRole('customer', 'member-client');
      const futureFollower = await userWithRole('customer', 'member-follower');
      expect((await me(futureClient.token)).role).toBe('customer');

      const asClient = await post(
        `/api/establishments/${e.id}/members`,
        { email: futureClient.email.toUpperCase(), kind: 'client' },
        admin.token,
      );
      expect(asClient.statusCode, asClient.body).toBe(200);
      // Add Client to Establishment: an existing user changed, nothing was created.
      expect(asClient.json().message).toBe(Msg.userUpdated);
      expect(asClient.json()).toMatchObject({ clientCount: 1, followerCount: 0 });
      expect(asClient.json().items).toEqual([
        expect.objectContaining({
          userId: futureClient.id,
          email: futureClient.email,
          kind: 'client',
          firstName: 'Test',
          since: expect.any(String),
        }),
      ]);
      const clientMe = await me(futureClient.token);
      expect(clientMe.role).toBe('client');
      expect(clientMe.establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
      // Now an operator: may edit.
      expect(
        (await put(`/api/establishments/${e.id}`, profile({ name: 'Member Hall' }), futureClient.token))
          .statusCode,
      ).toBe(200);

      const asCustomer = await post(
        `/api/establishments/${e.id}/members`,
        { email: futureFollower.email, kind: 'customer' },
        admin.token,
      );
      expect(asCustomer.statusCode, asCustomer.body).toBe(200);
      // Add User to Establishment answers "User updated!", not "Changes saved!".
      expect(asCustomer.json()).toMatchObject({ clientCount: 1, followerCount: 1, message: Msg.userUpdated });
      const followerMe = await me(futureFollower.token);
      expect(followerMe.role).toBe('customer');
      expect(followerMe.establishments).toEqual([{ establishmentId: e.id, kind: 'customer' }]);

      // Operators list members but cannot add or remove.
      const listed = await get(`/api/establishments/${e.id}/members`, futureClient.token);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(
        listed.json<{ items: { userId: string; kind: string }[] }>().items.map((m) => [m.userId, m.kind]),
      ).toEqual(
        expect.arrayContaining([
          [futureClient.id, 'client'],
          [futureFollower.id, 'customer'],
        ]),
      );
      const outsider = await userWithRole('customer', 'member-outsider');
      expectForbidden(
        await post(
          `/api/establishments/${e.id}/members`,
          { email: outsider.email, kind: 'client' },
          futureClient.token,
        ),
      );
      expectForbidden(
        await del(`/api/establishments/${e.id}/members/${futureFollower.id}`, futureClient.token),
      );
      // Followers do not see the member list.
      expectForbidden(await get(`/api/establishments/${e.id}/members`, futureFollower.token));
      const rep = await userWithRole('representant', 'member-rep');
      expectForbidden(
        await post(
          `/api/establishments/${e.id}/members`,
          { email: outsider.email, kind: 'customer' },
          rep.token,
        ),
      );
      expectUnauthorized(await get(`/api/establishments/${e.id}/members`));
      expect((await me(outsider.token)).establishments).toEqual([]);

      const removed = await del(`/api/establishments/${e.id}/members/${futureFollower.id}`, admin.token);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ clientCount: 1, followerCount: 0 });
      expect(removed.json().items.map((m: { userId: string }) => m.userId)).toEqual([futureClient.id]);
      expect((await me(futureFollower.token)).establishments).toEqual([]);
      expectError(await del(`/api/establishments/${e.id}/members/${futureFollower.id}`, admin.token), 404);

      // Changing a follower into an operator keeps one membership.
      await addMember(e.id, futureFollower.email, 'customer');
      const promoted = await addMember(e.id, futureFollower.email, 'client');
      expect(promoted.items.filter((m) => m.userId === futureFollower.id)).toEqual([
        expect.objectContaining({ kind: 'client' }),
      ]);
    });

    it('says a user is already linked when adding them again the same way, not "User updated!"', async () => {
      const e = await createEstablishment({ name: 'Twice Hall' });
      const user = await userWithRole('customer', 'member-twice');
      const add = (kind: 'client' | 'customer') =>
        post(`/api/establishments/${e.id}/members`, { email: user.email, kind }, admin.token);

      expect((await add('customer')).json().message).toBe(Msg.userUpdated);
      const again = await add('customer');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ message: Msg.alreadyLinked, followerCount: 1, clientCount: 0 });
      expect(Msg.alreadyLinked).toBe('This user is already linked to this establishment.');
      // Following, then operating: a change, so "User updated!"; operating again: already linked.
      expect((await add('client')).json()).toMatchObject({ message: Msg.userUpdated, clientCount: 1 });
      expect((await add('client')).json()).toMatchObject({ message: Msg.alreadyLinked, clientCount: 1 });
      expect((await me(user.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
    });

    it('answers 404 "No account uses this email." on fields.email for an unknown email', async () => {
      const e = await createEstablishment({ name: 'Nobody Home' });
      const res = await post(
        `/api/establishments/${e.id}/members`,
        { email: uniqueEmail('nobody'), kind: 'client' },
        admin.token,
      );
      expectError(res, 404, Msg.noUserWithEmail, ErrorCode.USER_NOT_FOUND, { email: Msg.noUserWithEmail });
      expect(Msg.noUserWithEmail).toBe('No account uses this email.');
      expectFieldError(
        await post(
          `/api/establishments/${e.id}/members`,
          { email: 'not-an-email', kind: 'client' },
          admin.token,
        ),
        'email',
        Msg.invalidEmail,
      );
      expectFieldError(
        await post(`/api/establishments/${e.id}/members`, { email: admin.email, kind: 'owner' }, admin.token),
        'kind',
        'Choose client or user',
      );
      expectError(
        await del(`/api/establishments/${e.id}/members/not-a-uuid`, admin.token),
        400,
        undefined,
        ErrorCode.VALIDATION,
      );
    });

    it('keeps a staff role when a representative is added as a client', async () => {
      const e = await createEstablishment({ name: 'Staff Club' });
      const rep = await userWithRole('representant', 'member-staff');
      await addMember(e.id, rep.email, 'client');
      const repMe = await me(rep.token);
      expect(repMe.role).toBe('representant');
      expect(repMe.establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
    });
  });

  describe('an operator removed', () => {
    /** A customer made the operator of these establishments by the admin. */
    async function operatorOf(...ids: string[]) {
      const user = await userWithRole('customer', 'operator');
      for (const id of ids) await addMember(id, user.email, 'client');
      expect((await me(user.token)).role).toBe('client');
      return user;
    }
    const sendAs = (user: Session, establishmentId: string) =>
      post(`/api/establishments/${establishmentId}/notifications`, { text: 'Hello', post: true }, user.token);

    it('goes back to customer when they operate nothing, and their token loses the client rights at once', async () => {
      const e = await createEstablishment({ name: 'Demotion Deli' });
      const user = await operatorOf(e.id);
      expect((await sendAs(user, e.id)).statusCode).toBe(202);

      const removed = await del(`/api/establishments/${e.id}/members/${user.id}`, admin.token);
      expect(removed.statusCode, removed.body).toBe(200);
      const after = await me(user.token);
      expect(after).toMatchObject({ role: 'customer', establishments: [] });
      // The same token: a customer now, refused before the body is even read.
      expectForbidden(await sendAs(user, e.id));
      expectForbidden(await get(`/api/establishments/${e.id}`, user.token));
      expect(listedBody(await get('/api/establishments', user.token)).items).toEqual([]);
    });

    it('stays a client while they operate another establishment', async () => {
      const [a, b] = [
        await createEstablishment({ name: 'Keep A' }),
        await createEstablishment({ name: 'Keep B' }),
      ];
      const user = await operatorOf(a.id, b.id);
      expect((await del(`/api/establishments/${a.id}/members/${user.id}`, admin.token)).statusCode).toBe(200);
      expect(await me(user.token)).toMatchObject({
        role: 'client',
        establishments: [{ establishmentId: b.id, kind: 'client' }],
      });
      expect((await sendAs(user, b.id)).statusCode).toBe(202);
      expectForbidden(await sendAs(user, a.id));
    });

    it('goes back to customer when made a follower instead', async () => {
      const e = await createEstablishment({ name: 'Step Down Diner' });
      const user = await operatorOf(e.id);
      await addMember(e.id, user.email, 'customer');
      expect(await me(user.token)).toMatchObject({
        role: 'customer',
        establishments: [{ establishmentId: e.id, kind: 'customer' }],
      });
      expectForbidden(await sendAs(user, e.id));
    });

    it('goes back to customer when their only establishment is deleted; staff keep their role', async () => {
      const doomed = await createEstablishment({ name: 'Deleted Deli' });
      const other = await createEstablishment({ name: 'Surviving Shop' });
      const only = await operatorOf(doomed.id);
      const both = await operatorOf(doomed.id, other.id);
      const rep = await userWithRole('representant', 'deleted-staff');
      await addMember(doomed.id, rep.email, 'client');

      expect((await del(`/api/establishments/${doomed.id}`, admin.token)).statusCode).toBe(200);
      expect(await me(only.token)).toMatchObject({ role: 'customer', establishments: [] });
      expect(await me(both.token)).toMatchObject({
        role: 'client',
        establishments: [{ establishmentId: other.id, kind: 'client' }],
      });
      expect((await me(rep.token)).role).toBe('representant');
      expect((await sendAs(both, other.id)).statusCode).toBe(202);
    });

    it('keeps a representative a representative when removed', async () => {
      const e = await createEstablishment({ name: 'Staff Exit' });
      const rep = await userWithRole('representant', 'member-staff-out');
      await addMember(e.id, rep.email, 'client');
      expect((await del(`/api/establishments/${e.id}/members/${rep.id}`, admin.token)).statusCode).toBe(200);
      expect(await me(rep.token)).toMatchObject({ role: 'representant', establishments: [] });
    });
  });
});
