import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  a,
  admin,
  auditLog,
  call,
  establishment,
  expectAdminOnly,
  expectError,
  expectFieldError,
  setupManagementApp,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { LoginResponse } from '../../../shared/schemas/account.schema';

setupManagementApp();

const impersonate = (id: string, token = admin.token) =>
  call('POST', `/api/management/users/${id}/impersonate`, undefined, token);
const end = (token?: string) => call('POST', '/api/account/impersonation/end', undefined, token);
const me = (token: string) => call('GET', '/api/account/me', undefined, token);

describe('POST /api/management/users/:id/impersonate', () => {
  it('is for admins only, names a bad id (400) and answers 404 for nobody', async () => {
    const target = await a.userWithRole('customer');
    await expectAdminOnly('POST', `/api/management/users/${target.id}/impersonate`);
    expectFieldError(await impersonate('nobody'), 'id');
    expectError(await impersonate(randomUUID()), 404, ErrorCode.NOT_FOUND);
  });

  it('signs the admin in as a customer, with the admin named on the session, and back again', async () => {
    const shop = await establishment('Cukráreň');
    const customer = await a.followerOf(shop.id, 'impersonated');
    const res = await impersonate(customer.id);
    expect(res.statusCode, res.body).toBe(200);
    const as = res.json<LoginResponse>();
    const impersonatedBy = { id: admin.id, name: 'Admin' };
    expect(as.user).toMatchObject({ id: customer.id, role: 'customer', impersonatedBy });

    // The token acts as the customer, with customer rights only.
    const seen = await me(as.accessToken);
    expect(seen.json().user).toMatchObject({
      id: customer.id,
      establishments: [{ establishmentId: shop.id, kind: 'customer' }],
      impersonatedBy,
    });
    expectError(
      await call('GET', '/api/management/users', undefined, as.accessToken),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(await impersonate(customer.id, as.accessToken), 403, ErrorCode.FORBIDDEN);
    // The customer's own session does not carry the admin.
    expect((await me(customer.token)).json().user.impersonatedBy ?? null).toBeNull();

    const back = await end(as.accessToken);
    expect(back.statusCode, back.body).toBe(200);
    const mine = back.json<LoginResponse>();
    expect(mine.user).toMatchObject({ id: admin.id, role: 'admin' });
    expect(mine.user.impersonatedBy ?? null).toBeNull();
    expectError(await me(as.accessToken), 401, ErrorCode.UNAUTHORIZED);
    expect((await call('GET', '/api/management/users', undefined, mine.accessToken)).statusCode).toBe(200);
    // The admin's first session still works: going back does not sign them out.
    expect((await me(admin.token)).statusCode).toBe(200);

    const entries = await auditLog(customer.id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['user.impersonationEnd', admin.id],
      ['user.impersonate', admin.id],
    ]);
    expect(entries[1]!.actorName).toBe('Admin');
    expect(entries[1]!.targetLabel).toContain(customer.email);
  });

  it('refuses oneself (409) and another admin (403)', async () => {
    expectError(await impersonate(admin.id), 409, ErrorCode.CONFLICT, Msg.cannotImpersonateSelf);
    const other = await a.userWithRole('admin', 'other-admin');
    expectError(await impersonate(other.id), 403, ErrorCode.FORBIDDEN, Msg.cannotImpersonateAdmin);
  });

  it('works for clients and representatives too', async () => {
    for (const role of ['client', 'representant'] as const) {
      const user = await a.userWithRole(role);
      const res = await impersonate(user.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<LoginResponse>().user.role).toBe(role);
    }
  });
});

describe('POST /api/account/impersonation/end', () => {
  it('answers 401 to a guest and 403 to a session that is nobody else’s', async () => {
    expectError(await end(), 401, ErrorCode.UNAUTHORIZED);
    const customer = await a.userWithRole('customer');
    expectError(await end(customer.token), 403, ErrorCode.FORBIDDEN, Msg.notImpersonating);
    expectError(await end(admin.token), 403, ErrorCode.FORBIDDEN, Msg.notImpersonating);
  });

  it('ends the sessions an admin opened as others when the admin is demoted or deleted', async () => {
    const customer = await a.userWithRole('customer');
    const demoted = await a.userWithRole('admin', 'demoted-admin');
    const asByDemoted = (await impersonate(customer.id, demoted.token)).json<LoginResponse>();
    const deleted = await a.userWithRole('admin', 'deleted-admin');
    const asByDeleted = (await impersonate(customer.id, deleted.token)).json<LoginResponse>();
    expect((await me(asByDemoted.accessToken)).statusCode).toBe(200);

    const res = await call(
      'PATCH',
      `/api/management/users/${demoted.id}`,
      { role: 'representant' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expectError(await me(asByDemoted.accessToken), 401, ErrorCode.UNAUTHORIZED);
    expectError(await end(asByDemoted.accessToken), 401, ErrorCode.UNAUTHORIZED);

    expect(
      (await call('DELETE', `/api/management/users/${deleted.id}`, undefined, admin.token)).statusCode,
    ).toBe(200);
    expectError(await me(asByDeleted.accessToken), 401, ErrorCode.UNAUTHORIZED);
    // The customer's own session is theirs and goes on.
    expect((await me(customer.token)).statusCode).toBe(200);
  });
});
