/**
 * Deleting one's own account (DELETE /api/account) safely: the platform never loses its
 * last admin; an admin acting as a user ("log in as") cannot delete that user's account this way
 * (the admin panel's Delete, which is audited, is the way); every deletion is in the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, PASSWORD, type Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import type { AuditLog } from '../../../shared/schemas/user-management.schema';

const fixture = setupRouteFixture();
let a: ReturnType<typeof actors>;
let admin: Session;
beforeAll(() => {
  ({ a, admin } = fixture);
});

const deleteOwn = (token: string) => a.call('DELETE', '/api/account', { currentPassword: PASSWORD }, token);

async function auditOf(userId: string, reader: Session) {
  const res = await a.call(
    'GET',
    `/api/management/audit-log?targetUserId=${userId}`,
    undefined,
    reader.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>().items;
}

describe('deleting your own account', () => {
  it('refuses the last admin with what to do, and lets an admin go once another one exists', async () => {
    // The fixture's admin is the only one.
    expect(expectError(await deleteOwn(admin.token), 409, ErrorCode.CONFLICT).error).toBe(Msg.lastAdmin);
    expect((await a.call('GET', '/api/account/me', undefined, admin.token)).statusCode).toBe(200);

    const second = await a.userWithRole('admin', 'second-admin');
    const gone = await deleteOwn(second.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ message: Msg.accountDeleted });
    // Recorded, with who it was; the row's link to the account is gone with the account.
    const entries = await auditOf(second.id, admin);
    expect(entries).toHaveLength(0);
    const all = await a.call('GET', '/api/management/audit-log', undefined, admin.token);
    const entry = all.json<AuditLog>().items.find((e) => e.action === 'account.delete');
    expect(entry).toMatchObject({
      action: 'account.delete',
      targetLabel: expect.stringContaining(second.email),
      detail: { userId: second.id, role: 'admin' },
    });
    // Now the first admin is the last one again.
    expect(expectError(await deleteOwn(admin.token), 409, ErrorCode.CONFLICT).error).toBe(Msg.lastAdmin);
  });

  it('is refused through an admin\'s "log in as" session; the user\'s own session deletes, recorded', async () => {
    const customer = await a.userWithRole('customer', 'borrowed');
    const as = await a.call(
      'POST',
      `/api/management/users/${customer.id}/impersonate`,
      undefined,
      admin.token,
    );
    expect(as.statusCode, as.body).toBe(200);
    const borrowed = as.json<LoginResponse>().accessToken;
    expect(expectError(await deleteOwn(borrowed), 403, ErrorCode.FORBIDDEN).error).toBe(
      Msg.deleteWhileActingAs,
    );
    expect((await a.call('GET', '/api/account/me', undefined, customer.token)).statusCode).toBe(200);

    const own = await deleteOwn(customer.token);
    expect(own.statusCode, own.body).toBe(200);
    const all = await a.call('GET', '/api/management/audit-log', undefined, admin.token);
    expect(
      all
        .json<AuditLog>()
        .items.some((e) => e.action === 'account.delete' && e.detail.userId === customer.id),
    ).toBe(true);
  });
});
