/**
 * A customer's picks over HTTP: in their account (GET/PUT /api/account/preferences) and when they
 * register and follow a business in one step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Preference } from '../../../shared/schemas/preference.schema';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let vegan: Preference;
let beer: Preference;
const MISSING = '00000000-0000-4000-8000-000000000000';

const fixture = setupRouteFixture();
beforeAll(async () => {
  ({ t, a, admin } = fixture);
  const group = await a.call('POST', '/api/preference-groups', { name: 'Taste' }, admin.token);
  const groupId = group.json().group.id as string;
  const make = async (name: string) =>
    (await a.call('POST', '/api/preferences', { groupId, name }, admin.token)).json()
      .preference as Preference;
  vegan = await make('Vegan');
  beer = await make('Beer');
});

const sorted = (ids: string[]) => [...ids].sort();

describe('my preferences', () => {
  it('replaces the set on PUT and reads it back on GET; the counts follow', async () => {
    const customer = await a.userWithRole('customer');
    const empty = await a.call('GET', '/api/account/preferences', undefined, customer.token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ preferenceIds: [] });

    const put = await a.call(
      'PUT',
      '/api/account/preferences',
      { preferenceIds: [vegan.id, beer.id, vegan.id] },
      customer.token,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe(Msg.preferencesSaved);
    expect(sorted(put.json().preferenceIds)).toEqual(sorted([vegan.id, beer.id]));

    await a.call('PUT', '/api/account/preferences', { preferenceIds: [beer.id] }, customer.token);
    const got = await a.call('GET', '/api/account/preferences', undefined, customer.token);
    expect(got.json()).toEqual({ preferenceIds: [beer.id] });

    const listed = (await a.call('GET', '/api/preferences')).json<{ items: Preference[] }>().items;
    expect(listed.find((p) => p.id === beer.id)?.userCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown or malformed id on field preferenceIds and keeps the set', async () => {
    const customer = await a.userWithRole('customer');
    await a.call('PUT', '/api/account/preferences', { preferenceIds: [vegan.id] }, customer.token);
    for (const preferenceIds of [[vegan.id, MISSING], ['not-an-id'], 'x', [42]]) {
      const res = await a.call('PUT', '/api/account/preferences', { preferenceIds }, customer.token);
      expect(expectError(res, 400, ErrorCode.VALIDATION).fields).toHaveProperty('preferenceIds');
    }
    expectError(
      await a.call('PUT', '/api/account/preferences', { preferenceIds: [MISSING] }, customer.token),
      400,
      ErrorCode.VALIDATION,
      { preferenceIds: Msg.preferenceNotFound },
    );
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    expectError(
      await a.call('PUT', '/api/account/preferences', { preferenceIds: tooMany }, customer.token),
      400,
      ErrorCode.VALIDATION,
      { preferenceIds: 'Choose at most 100 preferences' },
    );
    const got = await a.call('GET', '/api/account/preferences', undefined, customer.token);
    expect(got.json()).toEqual({ preferenceIds: [vegan.id] });
  });

  it('answers 401 to guests', async () => {
    expectError(await a.call('GET', '/api/account/preferences'), 401, ErrorCode.UNAUTHORIZED);
    expectError(
      await a.call('PUT', '/api/account/preferences', { preferenceIds: [] }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });
});

describe('registering with preferences', () => {
  const registration = (extra: Record<string, unknown>) => ({
    firstName: 'Petra',
    lastName: 'Picks',
    email: uniqueEmail('picks'),
    phone: '+421 900 111 222',
    terms: true,
    ...extra,
  });

  it('stores the picks with the new account and its follow', async () => {
    const shop = await a.establishment(admin, 'Picky Bistro');
    const body = registration({ establishmentId: shop.publicId, preferenceIds: [vegan.id, beer.id] });
    const res = await a.call('POST', '/api/account/register', body);
    expect(res.statusCode, res.body).toBe(201);
    // They sign in with the emailed password and find their picks in their account.
    const mail = await t.mail.waitFor(body.email);
    const password = /Your password for signing in: (\S+)/.exec(mail.text)?.[1];
    expect(password, mail.text).toBeTruthy();
    const login = await a.call('POST', '/api/account/login', { email: body.email, password });
    expect(login.statusCode, login.body).toBe(200);
    const mine = await a.call('GET', '/api/account/preferences', undefined, login.json().accessToken);
    expect(sorted(mine.json().preferenceIds)).toEqual(sorted([vegan.id, beer.id]));
  });

  it('creates no account when a pick does not exist', async () => {
    const body = registration({ preferenceIds: [MISSING] });
    expectError(await a.call('POST', '/api/account/register', body), 400, ErrorCode.VALIDATION, {
      preferenceIds: Msg.preferenceNotFound,
    });
    // The same email registers fine afterwards: nothing was kept of the refused attempt.
    const again = await a.call('POST', '/api/account/register', { ...body, preferenceIds: [] });
    expect(again.statusCode, again.body).toBe(201);
  });
});
