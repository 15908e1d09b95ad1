import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../../tests/support/api-actors';
import {
  a,
  admin,
  auditLog,
  call,
  createCustomer,
  establishment,
  expectAdminOnly,
  expectError,
  expectFieldError,
  hasLink,
  mailAfter,
  passwordIn,
  setupManagementApp,
  t,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

setupManagementApp();

const userUrl = (id: string, action = '') => `/api/management/users/${id}${action}`;
const me = (token: string) => call('GET', '/api/account/me', undefined, token);
const login = (email: string, password: string) => call('POST', '/api/account/login', { email, password });

describe('DELETE /api/management/users/:id', () => {
  it('is for admins only, names a bad id (400) and answers 404 for nobody', async () => {
    await expectAdminOnly('DELETE', userUrl(randomUUID()));
    expectFieldError(await call('DELETE', userUrl('x'), undefined, admin.token), 'id');
    expectError(
      await call('DELETE', userUrl(randomUUID()), undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('deletes the account with its data: the session ends, the email signs in no more, the log keeps who it was', async () => {
    const shop = await establishment('Deli');
    const follower = await a.followerOf(shop.id, 'leaving');
    const res = await call('DELETE', userUrl(follower.id), undefined, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: Msg.userDeleted });

    expectError(await me(follower.token), 401, ErrorCode.UNAUTHORIZED);
    expectError(await login(follower.email, PASSWORD), 401, ErrorCode.INVALID_CREDENTIALS);
    expectError(await call('GET', userUrl(follower.id), undefined, admin.token), 404, ErrorCode.NOT_FOUND);
    const members = await call('GET', `/api/establishments/${shop.id}/members`, undefined, admin.token);
    expect(members.json().items).toEqual([]);

    const [entry] = (await auditLog()).filter((e) => e.action === 'user.delete');
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetUserId: null,
      targetLabel: expect.stringContaining(follower.email),
      detail: { userId: follower.id, role: 'customer' },
    });
  });

  it('refuses to delete the admin themself (409), so the platform keeps an admin', async () => {
    const self = await a.userWithRole('admin', 'lonely-admin');
    expectError(
      await call('DELETE', userUrl(self.id), undefined, self.token),
      409,
      ErrorCode.CONFLICT,
      Msg.cannotDeleteSelf,
    );
    expect((await me(self.token)).statusCode).toBe(200);
  });
});

describe('POST /api/management/users/:id/reset-password', () => {
  it('is for admins only, names a bad id (400) and answers 404 for nobody', async () => {
    await expectAdminOnly('POST', userUrl(randomUUID(), '/reset-password'));
    expectFieldError(await call('POST', userUrl('x', '/reset-password'), undefined, admin.token), 'id');
    expectError(
      await call('POST', userUrl(randomUUID(), '/reset-password'), undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('emails a new password that signs in; the old password and every session end', async () => {
    const user = await a.userWithRole('client', 'forgetful');
    const since = t.mail.received.length;
    const res = await call('POST', userUrl(user.id, '/reset-password'), undefined, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: Msg.newPasswordSent });
    expectError(await me(user.token), 401, ErrorCode.UNAUTHORIZED);
    expectError(await login(user.email, PASSWORD), 401, ErrorCode.INVALID_CREDENTIALS);

    const mail = await mailAfter(since, user.email);
    expect(mail.links).toContain('http://app.test/login');
    const password = passwordIn(mail);
    expect(password).not.toBe(PASSWORD);
    const signedIn = await login(user.email, password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(JSON.stringify(await auditLog(user.id))).not.toContain(password);
    expect((await auditLog(user.id))[0]).toMatchObject({ action: 'user.resetPassword', actorId: admin.id });
  });

  it('refuses the admin’s own password (409): that is the account’s password change', async () => {
    const self = await a.userWithRole('admin', 'self-reset');
    expectError(
      await call('POST', userUrl(self.id, '/reset-password'), undefined, self.token),
      409,
      ErrorCode.CONFLICT,
      Msg.cannotResetOwnPassword,
    );
    expect((await me(self.token)).statusCode).toBe(200);
  });
});

describe('POST /api/management/users/:id/send-verification', () => {
  it('is for admins only, names a bad id (400) and answers 404 for nobody', async () => {
    await expectAdminOnly('POST', userUrl(randomUUID(), '/send-verification'));
    expectFieldError(await call('POST', userUrl('x', '/send-verification'), undefined, admin.token), 'id');
    expectError(
      await call('POST', userUrl(randomUUID(), '/send-verification'), undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('emails the verification link again; 409 once verified; 429 over the hourly cap', async () => {
    const shop = await establishment();
    const created = await createCustomer(shop.id);
    await mailAfter(0, created.email, hasLink('verify'));
    const since = t.mail.received.length;
    const res = await call('POST', userUrl(created.user.id, '/send-verification'), undefined, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: Msg.verificationSent });
    await mailAfter(since, created.email, hasLink('verify'));
    expect((await auditLog(created.user.id))[0]).toMatchObject({ action: 'user.sendVerification' });

    // The welcome and this one were counted: three more fill the hour's five, the next is refused.
    for (let i = 0; i < 3; i++) {
      const before = t.mail.received.length;
      expect(
        (await call('POST', userUrl(created.user.id, '/send-verification'), undefined, admin.token))
          .statusCode,
      ).toBe(200);
      await mailAfter(before, created.email, hasLink('verify'));
    }
    expectError(
      await call('POST', userUrl(created.user.id, '/send-verification'), undefined, admin.token),
      429,
      ErrorCode.RATE_LIMITED,
      Msg.tooManyEmails,
    );

    const verified = await a.userWithRole('customer');
    expectError(
      await call('POST', userUrl(verified.id, '/send-verification'), undefined, admin.token),
      409,
      ErrorCode.CONFLICT,
      Msg.alreadyVerified,
    );
  });
});
