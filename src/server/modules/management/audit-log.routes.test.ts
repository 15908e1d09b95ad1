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
  uniqueEmail,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AuditLog } from '../../../shared/schemas/user-management.schema';

setupManagementApp();

const URL = '/api/management/audit-log';
const page = async (query: string) => {
  const res = await call('GET', `${URL}${query}`, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>();
};

describe('GET /api/management/audit-log', () => {
  it('is for admins only (401 guest; 403 customer, client, representative)', async () => {
    await expectAdminOnly('GET', URL);
  });

  it('names each bad query field (400)', async () => {
    expectFieldError(await call('GET', `${URL}?targetUserId=me`, undefined, admin.token), 'targetUserId');
    expectFieldError(await call('GET', `${URL}?limit=0`, undefined, admin.token), 'limit');
    expectFieldError(await call('GET', `${URL}?limit=abc`, undefined, admin.token), 'limit');
    expectFieldError(await call('GET', `${URL}?limit=1000`, undefined, admin.token), 'limit');
    expectFieldError(await call('GET', `${URL}?cursor=${'x'.repeat(500)}`, undefined, admin.token), 'cursor');
    for (const forged of [
      'nonsense',
      Buffer.from('["1","x"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
    ])
      expectFieldError(
        await call('GET', `${URL}?cursor=${forged}`, undefined, admin.token),
        'cursor',
        Msg.invalidCursor,
      );
  });

  it('records block, unblock and delete of an establishment, who did it and when', async () => {
    const shop = await establishment('Audited Bar');
    for (const action of ['block', 'unblock'])
      expect(
        (await call('POST', `/api/establishments/${shop.id}/${action}`, undefined, admin.token)).statusCode,
      ).toBe(200);
    expect((await call('DELETE', `/api/establishments/${shop.id}`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    const entries = (await auditLog()).filter(
      (e) => e.targetEstablishmentId === shop.id && e.action !== 'establishment.create',
    );
    expect(entries.map((e) => e.action)).toEqual([
      'establishment.delete',
      'establishment.unblock',
      'establishment.block',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorName: 'Admin',
        targetLabel: 'Audited Bar',
        targetUserId: null,
      });
      expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000);
    }
  });

  it('refuses blocking and deleting to non-admins as before (403), recording nothing', async () => {
    const shop = await establishment('Guarded Bar');
    const client = await a.clientOf(admin, shop.id);
    expectError(
      await call('POST', `/api/establishments/${shop.id}/block`, undefined, client.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await call('DELETE', `/api/establishments/${shop.id}`, undefined, client.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    // Its creation and the client's joining are recorded; nothing of the refused calls.
    expect(
      (await auditLog()).filter((e) => e.targetEstablishmentId === shop.id).map((e) => e.action),
    ).toEqual(['establishment.memberAdd', 'establishment.create']);
  });

  it('records a user made by the admin, without their password', async () => {
    const email = uniqueEmail('rep');
    const res = await call(
      'POST',
      '/api/management/users',
      { firstName: 'Rita', lastName: 'Rep', email, phone: '+421 900 123 456', role: 'representant' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().user.id as string;
    const entries = await auditLog(id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.create',
        targetUserId: id,
        targetLabel: `Rita Rep <${email}>`,
        detail: { role: 'representant' },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/password/i);
  });

  it('pages newest first by cursor without skipping or repeating, and filters by user', async () => {
    const user = await a.userWithRole('customer');
    for (let i = 1; i <= 5; i++) {
      const res = await call(
        'PATCH',
        `/api/management/users/${user.id}`,
        { lastName: `Name ${i}` },
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?targetUserId=${user.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const next: AuditLog = await page(query);
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items.map((e) => e.id));
      expect(next.items.every((e) => e.targetUserId === user.id)).toBe(true);
      cursor = next.nextCursor;
    } while (cursor);
    const all = await page(`?targetUserId=${user.id}`);
    expect(seen).toEqual(all.items.map((e) => e.id));
    expect(all.items).toHaveLength(5);
    expect(all.items.map((e) => e.detail)).toEqual(
      Array.from({ length: 5 }, () => ({ changed: ['lastName'] })),
    );
    expect((await page(`?targetUserId=${randomUUID()}`)).items).toEqual([]);
    // The whole log: newest first.
    const times = (await page('?limit=100')).items.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });
});
