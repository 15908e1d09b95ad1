/**
 * The audit log's filters (action, actor, business, dates, with the user filter and paging), the
 * actor's role as the log names it, and refused writes made with a "log in as" session told as
 * refused, in the log and on the person's "Admin access" card. Real HTTP and database.
 */

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { establishmentFields } from '../../../../tests/support/api-actors';
import {
  a,
  admin,
  call,
  establishment,
  expectAdminOnly,
  expectError,
  expectFieldError,
  type Session,
  setupManagementApp,
  t,
  uniqueEmail,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { AdminActivity, AuditEntry, AuditLog } from '../../../shared/schemas/user-management.schema';
import { auditLog as auditLogTable, users } from '../../db/schema';

setupManagementApp();

const URL = '/api/management/audit-log';

async function entries(query: string): Promise<AuditEntry[]> {
  const res = await call('GET', `${URL}?limit=100&${query}`, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>().items;
}

const actionsOf = (items: AuditEntry[]) => items.map((entry) => entry.action);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A UTC date `days` from today, as YYYY-MM-DD. */
const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A representative signs up a client with their establishment: the establishment. */
async function repSignup(rep: Session, name: string) {
  const res = await ok('POST', '/api/establishments/client-signup', rep.token, {
    client: {
      firstName: 'Clara',
      lastName: 'Client',
      email: uniqueEmail('signup'),
      phone: '+421 905 111 222',
    },
    establishment: establishmentFields(name),
  });
  return res.json<{ establishment: Establishment }>().establishment;
}

const ok = async (method: 'POST' | 'PATCH' | 'PUT', url: string, token: string, payload?: unknown) => {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};

describe('GET /api/management/audit-log filters', () => {
  it('is still for admins only with filters (401 guest; 403 customer, client, representative)', async () => {
    await expectAdminOnly('GET', `${URL}?action=user.update&from=2026-01-01`);
  });

  it('documents its filters in /api/docs', async () => {
    const res = await call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const operation = res.json().paths['/api/management/audit-log'].get as {
      description: string;
      parameters: { name: string; in: string }[];
    };
    expect(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'action',
        'actorId',
        'targetUserId',
        'establishmentId',
        'from',
        'to',
        'cursor',
        'limit',
      ]),
    );
    expect(operation.description).toContain('impersonation.write');
  });

  it('names each bad filter (400): an unknown action, a malformed id or date, an end before the start', async () => {
    const bad = async (query: string, field: string, message?: string) =>
      expectFieldError(await call('GET', `${URL}?${query}`, undefined, admin.token), field, message);
    await bad('action=user.fly', 'action', 'Not an action the log records: user.fly');
    await bad('action=user.update,nonsense', 'action', 'Not an action the log records: nonsense');
    await bad(`action=${'user.update,'.repeat(200)}`, 'action');
    await bad('actorId=someone', 'actorId', Msg.notFound);
    await bad('establishmentId=42', 'establishmentId', Msg.establishmentNotFound);
    await bad('from=yesterday', 'from');
    await bad('from=2026-02-30', 'from');
    await bad('to=2026-01-01T10:00', 'to');
    await bad('from=2026-03-02&to=2026-03-01', 'to', Msg.endAfterStart);
    await bad('from=2026-03-01T12:00:00Z&to=2026-03-01T11:59:59Z', 'to', Msg.endAfterStart);
    // The same day twice is that one day; an instant after midnight of a day still ends after its start.
    expect(
      (await call('GET', `${URL}?from=2026-03-01&to=2026-03-01`, undefined, admin.token)).statusCode,
    ).toBe(200);
  });

  it('filters by action (one or several), by actor and by business, combined with each other and with paging', async () => {
    const shop = await establishment('Filtered Bar');
    const other = await establishment('Unfiltered Bar');
    const rep = await a.userWithRole('representant', 'filter-rep');
    const repShop = await repSignup(rep, 'Rep Filtered Bar');
    for (const id of [shop.id, other.id]) {
      await ok('POST', `/api/establishments/${id}/block`, admin.token);
      await ok('POST', `/api/establishments/${id}/unblock`, admin.token);
    }
    await ok('POST', `/api/establishments/${shop.id}/block`, admin.token);

    // One business: all its entries, newest first.
    expect(actionsOf(await entries(`establishmentId=${shop.id}`))).toEqual([
      'establishment.block',
      'establishment.unblock',
      'establishment.block',
      'establishment.create',
    ]);
    expect(actionsOf(await entries(`establishmentId=${shop.id}&action=establishment.unblock`))).toEqual([
      'establishment.unblock',
    ]);
    // Several actions, comma-separated.
    const blocks = await entries(
      `establishmentId=${shop.id}&action=establishment.block,establishment.create`,
    );
    expect(actionsOf(blocks)).toEqual(['establishment.block', 'establishment.block', 'establishment.create']);
    const everywhere = await entries('action=establishment.unblock');
    expect(everywhere.length).toBeGreaterThanOrEqual(2);
    expect(everywhere.every((entry) => entry.action === 'establishment.unblock')).toBe(true);

    // One actor: the representative's own entries only, named with their role.
    const byRep = await entries(`actorId=${rep.id}`);
    expect(byRep.length).toBeGreaterThan(0);
    expect(byRep.every((e) => e.actorId === rep.id && e.actorRole === 'representant')).toBe(true);
    expect(byRep.map((e) => [e.action, e.targetEstablishmentId])).toContainEqual([
      'establishment.clientSignup',
      repShop.id,
    ]);
    expect(await entries(`actorId=${rep.id}&establishmentId=${shop.id}`)).toEqual([]);
    const byAdmin = await entries(`actorId=${admin.id}&establishmentId=${shop.id}`);
    expect(byAdmin).toHaveLength(4);
    expect(byAdmin.every((entry) => entry.actorId === admin.id && entry.actorRole === 'admin')).toBe(true);

    // Paging keeps the filters: two pages of two, then one, nothing skipped or repeated.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'GET',
        `${URL}?establishmentId=${shop.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page: AuditLog = res.json<AuditLog>();
      expect(page.items.every((entry) => entry.targetEstablishmentId === shop.id)).toBe(true);
      seen.push(...page.items.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual((await entries(`establishmentId=${shop.id}`)).map((entry) => entry.id));
  });

  it('filters by dates (whole UTC days, both included) and by instants with their offset', async () => {
    const shop = await establishment('Dated Bar');
    await ok('POST', `/api/establishments/${shop.id}/block`, admin.token);
    await sleep(20);
    const middle = new Date();
    await sleep(20);
    await ok('POST', `/api/establishments/${shop.id}/unblock`, admin.token);
    const about = `establishmentId=${shop.id}&action=establishment.block,establishment.unblock`;

    expect(actionsOf(await entries(`${about}&from=${utcDay(0)}&to=${utcDay(0)}`))).toEqual([
      'establishment.unblock',
      'establishment.block',
    ]);
    expect(await entries(`${about}&from=${utcDay(1)}`)).toEqual([]);
    expect(await entries(`${about}&to=${utcDay(-1)}`)).toEqual([]);
    expect(actionsOf(await entries(`${about}&from=${middle.toISOString()}`))).toEqual([
      'establishment.unblock',
    ]);
    expect(actionsOf(await entries(`${about}&to=${middle.toISOString()}`))).toEqual(['establishment.block']);
    // The same instant two hours east of UTC.
    const east = new Date(middle.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect(actionsOf(await entries(`${about}&to=${encodeURIComponent(east)}`))).toEqual([
      'establishment.block',
    ]);
  });

  it('names the actor’s role when they acted; for an entry recorded before roles were, the role now', async () => {
    const rep = await a.userWithRole('representant', 'promoted-rep');
    const shop = await repSignup(rep, 'Promoted Rep Bar');
    // The representative becomes an admin later: the entry still says what they were.
    await ok('PATCH', `/api/management/users/${rep.id}`, admin.token, { role: 'admin' });
    const [made] = await entries(`establishmentId=${shop.id}&action=establishment.clientSignup`);
    expect(made).toMatchObject({ actorId: rep.id, actorRole: 'representant' });

    // An entry from before the log kept roles: the account's role now.
    await t.ctx.db.update(auditLogTable).set({ actorRole: null }).where(eq(auditLogTable.id, made!.id));
    expect(
      (await entries(`establishmentId=${shop.id}&action=establishment.clientSignup`))[0]!.actorRole,
    ).toBe('admin');
    // Its actor's account gone: no role to name.
    await t.ctx.db.delete(users).where(eq(users.id, rep.id));
    const [orphan] = await entries(`establishmentId=${shop.id}&action=establishment.clientSignup`);
    expect(orphan).toMatchObject({ actorId: null, actorRole: null });
  });

  it('tells refused writes made while logged in as someone as refused, in the log and to the person', async () => {
    const shop = await establishment('Refused Bar');
    const customer = await a.followerOf(shop.id, 'refused');
    const res = await call(
      'POST',
      `/api/management/users/${customer.id}/impersonate`,
      undefined,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const borrowed = res.json<LoginResponse>().accessToken;
    await ok('PUT', '/api/account/quiet-hours', borrowed, { enabled: false });
    expectError(await call('DELETE', '/api/account', undefined, borrowed), 403, ErrorCode.FORBIDDEN);

    const writes = await entries(`targetUserId=${customer.id}&action=impersonation.write`);
    expect(writes.map((e) => [e.detail.operation, e.outcome, e.actorRole])).toEqual([
      ['deleteAccount', 'refused', 'admin'],
      ['setQuietHours', 'made', 'admin'],
    ]);
    // Other entries have no outcome.
    const [impersonate] = await entries(`targetUserId=${customer.id}&action=user.impersonate`);
    expect(impersonate!.outcome).toBeNull();

    const mine = await call('GET', '/api/account/admin-activity', undefined, customer.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      mine.json<AdminActivity>().items.map((item) => [item.action, item.operation, item.outcome]),
    ).toEqual([
      ['impersonation.write', 'deleteAccount', 'refused'],
      ['impersonation.write', 'setQuietHours', 'made'],
      ['user.impersonate', null, null],
    ]);
  });
});
