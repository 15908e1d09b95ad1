import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
  linkToken,
  mailAfter,
  setupManagementApp,
  t,
  uniqueEmail,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { ManagedUserDetail } from '../../../shared/schemas/user-management.schema';

setupManagementApp();

const edit = (id: string, body: unknown, token = admin.token) =>
  call('PATCH', `/api/management/users/${id}`, body, token);
const edited = async (id: string, body: unknown) => {
  const res = await edit(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: ManagedUserDetail; message: string }>();
};
const roleOf = async (token: string) =>
  (await call('GET', '/api/account/me', undefined, token)).json<{ user: { role: string } }>().user.role;

describe('PATCH /api/management/users/:id', () => {
  it('is for admins only (401 guest; 403 customer, client, representative)', async () => {
    await expectAdminOnly('PATCH', `/api/management/users/${admin.id}`, { firstName: 'Eve' });
  });

  it('edits every field; "Customer updated" for a customer, "User updated!" for anyone else', async () => {
    const customer = await a.userWithRole('customer');
    const email = uniqueEmail('renamed');
    const changed = await edited(customer.id, {
      firstName: 'Ján',
      lastName: 'Kováč',
      email: email.toUpperCase(),
      phone: '+421 911 000 111',
      discountedPrices: true,
      emailVerified: true,
    });
    expect(changed.message).toBe(Msg.customerUpdated);
    expect(changed.user).toMatchObject({
      firstName: 'Ján',
      lastName: 'Kováč',
      email,
      phone: '+421 911 000 111',
      discountedPrices: true,
      emailVerified: true,
      role: 'customer',
    });
    // The user's session goes on: an email change does not sign them out (nor does it on their own).
    expect(await roleOf(customer.token)).toBe('customer');

    const rep = await a.userWithRole('representant');
    expect((await edited(rep.id, { lastName: 'Reprezentant' })).message).toBe(Msg.userUpdated);
    expect((await edited(customer.id, { role: 'representant' })).message).toBe(Msg.userUpdated);
    expect(await roleOf(customer.token)).toBe('representant');

    const [entry] = await auditLog(customer.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'user.update',
      detail: { changed: ['role'], role: 'representant' },
    });
  });

  it('turning the verified flag off emails a verification link to the user, which verifies them again', async () => {
    const user = await a.userWithRole('customer');
    const since = t.mail.received.length;
    const res = await edited(user.id, { emailVerified: false });
    expect(res.user.emailVerified).toBe(false);
    const mail = await mailAfter(since, user.email, hasLink('verify'));
    const [entry] = await auditLog(user.id);
    expect(entry).toMatchObject({
      action: 'user.update',
      detail: { changed: ['emailVerified'], emailVerified: false },
    });

    const verified = await call('POST', '/api/account/verify', { token: linkToken(mail, 'verify') });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(
      (await call('GET', `/api/management/users/${user.id}`, undefined, admin.token)).json().user
        .emailVerified,
    ).toBe(true);
  });

  it('a new address nobody confirmed is unverified: the link goes to it, the warning to the old one', async () => {
    const user = await a.userWithRole('customer');
    const email = uniqueEmail('moved');
    const since = t.mail.received.length;
    expect((await edited(user.id, { email })).user.emailVerified).toBe(false);
    await mailAfter(since, email, hasLink('verify'));
    const warning = await mailAfter(since, user.email);
    expect(warning.links.some((link) => link.includes('/verify/'))).toBe(false);
  });

  it('replaces the establishments; operating makes a customer a client, operating nothing a customer again', async () => {
    const bar = await establishment('Bar A');
    const shop = await establishment('Shop B');
    const user = await a.followerOf(bar.id);
    const operating = await edited(user.id, {
      establishments: [{ establishmentId: shop.id, kind: 'client' }],
    });
    expect(operating.user.role).toBe('client');
    expect(operating.user.establishments.map((e) => [e.establishmentId, e.kind])).toEqual([
      [shop.id, 'client'],
    ]);
    // The same links again change nothing, and the admin may keep a client without links on purpose.
    expect(
      (await edited(user.id, { establishments: [{ establishmentId: shop.id, kind: 'client' }] })).user.role,
    ).toBe('client');
    const following = await edited(user.id, {
      establishments: [{ establishmentId: bar.id, kind: 'customer' }],
    });
    expect(following.user.role).toBe('customer');
    expect(following.message).toBe(Msg.customerUpdated);
    expect(following.user.establishments.map((e) => [e.establishmentId, e.kind])).toEqual([
      [bar.id, 'customer'],
    ]);

    // A customer role chosen while the links still operate something is a contradiction.
    await edited(user.id, { establishments: [{ establishmentId: shop.id, kind: 'client' }] });
    expectFieldError(await edit(user.id, { role: 'customer' }), 'role', Msg.customerCannotOperate);
    const member = await call('GET', `/api/establishments/${shop.id}/members`, undefined, admin.token);
    expect(member.json().items.map((m: { userId: string }) => m.userId)).toContain(user.id);
  });

  it('names each bad field (400), answers 404 for nobody and 409 for a taken email', async () => {
    const user = await a.userWithRole('customer');
    const shop = await establishment();
    expectFieldError(await edit(user.id, { firstName: '' }), 'firstName', 'first name is required');
    expectFieldError(await edit(user.id, { lastName: 'x'.repeat(1000) }), 'lastName');
    expectFieldError(await edit(user.id, { email: 'not-an-email' }), 'email', Msg.invalidEmail);
    expectFieldError(await edit(user.id, { emailVerified: 'no' }), 'emailVerified');
    expectFieldError(await edit(user.id, { role: 'emperor' }), 'role');
    expectFieldError(await edit(user.id, { establishments: 'all' }), 'establishments');
    expectFieldError(
      await edit(user.id, { establishments: [{ establishmentId: 'x', kind: 'client' }] }),
      'establishments.0.establishmentId',
    );
    expectFieldError(
      await edit(user.id, {
        establishments: [
          { establishmentId: shop.id, kind: 'client' },
          { establishmentId: shop.id, kind: 'customer' },
        ],
      }),
      'establishments',
      Msg.duplicateEstablishment,
    );
    expectFieldError(
      await edit(user.id, { establishments: [{ establishmentId: randomUUID(), kind: 'customer' }] }),
      'establishments.0.establishmentId',
      Msg.establishmentNotFound,
    );
    expectFieldError(await edit('nope', { firstName: 'A' }), 'id');
    expectError(await edit(randomUUID(), { firstName: 'A' }), 404, ErrorCode.NOT_FOUND);

    const other = await createCustomer(shop.id);
    const taken = await edit(user.id, { email: other.email });
    expect(expectError(taken, 409, ErrorCode.EMAIL_EXISTS, Msg.emailExists).fields).toEqual({
      email: Msg.emailExists,
    });
  });

  it('never lets admins change their own role, yet lets them edit their name without signing out', async () => {
    const self = await a.userWithRole('admin', 'self-admin');
    const refused = await edit(self.id, { role: 'customer' }, self.token);
    expect(expectError(refused, 409, ErrorCode.CONFLICT, Msg.cannotChangeOwnRole).fields).toEqual({
      role: Msg.cannotChangeOwnRole,
    });
    const res = await edit(self.id, { firstName: 'Ada', role: 'admin' }, self.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleOf(self.token)).toBe('admin');
    // Another admin may.
    expect((await edited(self.id, { role: 'representant' })).user.role).toBe('representant');
  });
});
