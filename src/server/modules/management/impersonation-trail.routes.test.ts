/**
 * A borrowed session leaves a trace: every write made with a "log in as" token
 * is in the audit log (acting admin, user, operation, request line, status), refused ones too; the
 * user sees in their account that an admin acted for them, and when. Real HTTP and database.
 */
import { describe, expect, it } from 'vitest';
import {
  a,
  admin,
  auditLog,
  call,
  establishment,
  expectError,
  setupManagementApp,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import type { AdminActivity } from '../../../shared/schemas/user-management.schema';

setupManagementApp();

async function loggedInAs(userId: string) {
  const res = await call('POST', `/api/management/users/${userId}/impersonate`, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>().accessToken;
}

async function activityOf(token: string) {
  const res = await call('GET', '/api/account/admin-activity', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminActivity>().items;
}

describe('writes made while logged in as someone', () => {
  it('records each one with the admin, the user, the operation and its answer; reads and validation failures change nothing and record nothing', async () => {
    const shop = await establishment('Trail Café');
    const customer = await a.followerOf(shop.id, 'trail');
    const borrowed = await loggedInAs(customer.id);

    const quiet = await call(
      'PUT',
      '/api/account/quiet-hours',
      { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Bratislava' },
      borrowed,
    );
    expect(quiet.statusCode, quiet.body).toBe(200);
    const choice = await call('PUT', `/api/establishments/${shop.id}/notify`, { notify: 'feed' }, borrowed);
    expect(choice.statusCode, choice.body).toBe(200);
    // Refused, and recorded as refused.
    expectError(await call('DELETE', '/api/account', undefined, borrowed), 403, ErrorCode.FORBIDDEN);
    // A body refused before the handler changes nothing: nothing to record.
    expect((await call('PUT', '/api/account/quiet-hours', { enabled: 'x' }, borrowed)).statusCode).toBe(400);
    // Reads are not writes.
    expect((await call('GET', '/api/account/me', undefined, borrowed)).statusCode).toBe(200);
    const back = await call('POST', '/api/account/impersonation/end', undefined, borrowed);
    expect(back.statusCode, back.body).toBe(200);

    const writes = (await auditLog(customer.id)).filter((entry) => entry.action === 'impersonation.write');
    expect(
      writes.map((entry) => ({
        actorId: entry.actorId,
        actorName: entry.actorName,
        targetUserId: entry.targetUserId,
        detail: entry.detail,
      })),
    ).toEqual([
      {
        actorId: admin.id,
        actorName: 'Admin',
        targetUserId: customer.id,
        detail: { operation: 'deleteAccount', request: 'DELETE /api/account', status: 403 },
      },
      {
        actorId: admin.id,
        actorName: 'Admin',
        targetUserId: customer.id,
        detail: {
          operation: 'setNotifyChoice',
          request: `PUT /api/establishments/${shop.id}/notify`,
          status: 200,
        },
      },
      {
        actorId: admin.id,
        actorName: 'Admin',
        targetUserId: customer.id,
        detail: { operation: 'setQuietHours', request: 'PUT /api/account/quiet-hours', status: 200 },
      },
    ]);
    expect(writes[0]!.targetLabel).toContain(customer.email);
  });

  it("shows the user, in their own account, that an admin acted for them and when; nobody else's", async () => {
    const shop = await establishment('Trail Bar');
    const customer = await a.followerOf(shop.id, 'trail-seen');
    const other = await a.followerOf(shop.id, 'trail-other');
    const before = Date.now();
    const borrowed = await loggedInAs(customer.id);
    const quiet = await call('PUT', '/api/account/quiet-hours', { enabled: false }, borrowed);
    expect(quiet.statusCode, quiet.body).toBe(200);
    await call('POST', '/api/account/impersonation/end', undefined, borrowed);

    const items = await activityOf(customer.token);
    expect(items.map(({ action, adminName, operation }) => ({ action, adminName, operation }))).toEqual([
      { action: 'user.impersonationEnd', adminName: 'Admin', operation: null },
      { action: 'impersonation.write', adminName: 'Admin', operation: 'setQuietHours' },
      { action: 'user.impersonate', adminName: 'Admin', operation: null },
    ]);
    for (const item of items) expect(Date.parse(item.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await activityOf(other.token)).toEqual([]);
    expectError(await call('GET', '/api/account/admin-activity'), 401, ErrorCode.UNAUTHORIZED);
  });

  it('records nothing for the same writes made by the user themself', async () => {
    const shop = await establishment('Own Bar');
    const customer = await a.followerOf(shop.id, 'trail-own');
    const own = await call('PUT', '/api/account/quiet-hours', { enabled: false }, customer.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(await auditLog(customer.id)).toEqual([]);
  });
});
