import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  a,
  admin,
  auditLog,
  call,
  createCustomer,
  establishment,
  expectError,
  expectFieldError,
  preference,
  setupManagementApp,
  signInFromWelcome,
  uniqueEmail,
  welcomeMail,
} from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

setupManagementApp();

const URL = '/api/management/customers';
const person = (establishmentId: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Peter',
  lastName: 'Horváth',
  email: uniqueEmail('new-customer'),
  phone: '+421 900 333 444',
  establishmentId,
  ...extra,
});

describe('POST /api/management/customers', () => {
  it('refuses guests (401), and customers, representatives and clients of another establishment (403)', async () => {
    const shop = await establishment('Corner Shop');
    const other = await establishment('Other Shop');
    expectError(await call('POST', URL, person(shop.id)), 401, ErrorCode.UNAUTHORIZED);
    for (const role of ['customer', 'representant'] as const) {
      const user = await a.userWithRole(role);
      expectError(
        await call('POST', URL, person(shop.id), user.token),
        403,
        ErrorCode.FORBIDDEN,
        Msg.forbidden,
      );
    }
    const clientOfOther = await a.clientOf(admin, other.id);
    expectError(
      await call('POST', URL, person(shop.id), clientOfOther.token),
      403,
      ErrorCode.FORBIDDEN,
      Msg.forbidden,
    );
    const clientOfNothing = await a.userWithRole('client');
    expectError(await call('POST', URL, person(shop.id), clientOfNothing.token), 403, ErrorCode.FORBIDDEN);
  });

  it('lets a client create a follower of their establishment, who gets the registration email and signs in', async () => {
    const shop = await establishment('Pekáreň Zlatý Klas');
    const client = await a.clientOf(admin, shop.id);
    const created = await createCustomer(shop.id, { discountedPrices: true }, client);
    expect(created.message).toBe(Msg.userCreated);
    expect(created.user).toMatchObject({
      email: created.email,
      role: 'customer',
      emailVerified: false,
      discountedPrices: true,
    });
    expect(JSON.stringify(created)).not.toMatch(/password|tokenVersion/i);

    // The registration email, as on self-registration: verification link, password, the establishment.
    const mail = await welcomeMail(created.email);
    expect(mail.text).toContain('Pekáreň Zlatý Klas');
    const customer = await signInFromWelcome(created.email);
    const me = await call('GET', '/api/account/me', undefined, customer.token);
    expect(me.json().user.establishments).toEqual([{ establishmentId: shop.id, kind: 'customer' }]);
    expect(me.json().user.discountedPrices).toBe(true);

    const [entry] = await auditLog(created.user.id);
    expect(entry).toMatchObject({
      actorId: client.id,
      action: 'customer.create',
      targetUserId: created.user.id,
      targetEstablishmentId: shop.id,
    });
  });

  it('lets an admin create one with preferences, which the user page lists', async () => {
    const shop = await establishment('Vegan Bistro');
    const vegan = await preference('Vegan');
    const created = await createCustomer(shop.id, { preferenceIds: [vegan.id] });
    const detail = await call('GET', `/api/management/users/${created.user.id}`, undefined, admin.token);
    expect(detail.json().user.preferences).toEqual([vegan]);
    expect(detail.json().user.discountedPrices).toBe(false);
  });

  it('names each bad field (400): empty, wrong type, too long, unknown or malformed preference', async () => {
    const shop = await establishment();
    const empty = await call('POST', URL, {}, admin.token);
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'establishmentId'])
      expectFieldError(empty, field);
    expectFieldError(
      await call('POST', URL, person(shop.id, { email: 'nope' }), admin.token),
      'email',
      Msg.invalidEmail,
    );
    expectFieldError(
      await call('POST', URL, person(shop.id, { discountedPrices: 'yes' }), admin.token),
      'discountedPrices',
    );
    expectFieldError(
      await call('POST', URL, person(shop.id, { firstName: 'x'.repeat(5000) }), admin.token),
      'firstName',
    );
    expectFieldError(await call('POST', URL, person('not-a-uuid'), admin.token), 'establishmentId');
    expectFieldError(
      await call('POST', URL, person(shop.id, { preferenceIds: ['nope'] }), admin.token),
      'preferenceIds.0',
    );
    const unknown = person(shop.id, { preferenceIds: [randomUUID()] });
    expectFieldError(await call('POST', URL, unknown, admin.token), 'preferenceIds', Msg.preferenceNotFound);
    // Nothing was created by the refused request.
    expect((await call('POST', URL, { ...unknown, preferenceIds: [] }, admin.token)).statusCode).toBe(201);
  });

  it('answers 404 for an unknown or deleted establishment, 403 for a blocked one, 409 for a taken email', async () => {
    expectError(
      await call('POST', URL, person(randomUUID()), admin.token),
      404,
      ErrorCode.NOT_FOUND,
      Msg.establishmentNotFound,
    );
    const blocked = await establishment('Blocked Bar');
    expect(
      (await call('POST', `/api/establishments/${blocked.id}/block`, undefined, admin.token)).statusCode,
    ).toBe(200);
    expectError(
      await call('POST', URL, person(blocked.id), admin.token),
      403,
      ErrorCode.ESTABLISHMENT_BLOCKED,
      Msg.establishmentBlocked,
    );
    const gone = await establishment('Gone Bar');
    expect((await call('DELETE', `/api/establishments/${gone.id}`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    expectError(await call('POST', URL, person(gone.id), admin.token), 404, ErrorCode.NOT_FOUND);

    const shop = await establishment();
    const taken = await createCustomer(shop.id);
    const again = await call('POST', URL, person(shop.id, { email: taken.email.toUpperCase() }), admin.token);
    const body = expectError(again, 409, ErrorCode.EMAIL_EXISTS, Msg.emailExists);
    expect(body.fields).toEqual({ email: Msg.emailExists });
  });
});
