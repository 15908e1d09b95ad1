import { beforeAll, describe, expect, it } from 'vitest';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { createAdmin } from '../account/admin-bootstrap';

let t: TestApp;
let adminToken: string;
let seq = 0;
const email = (tag: string) => `${tag}-${++seq}@users.test`;

const login = async (address: string, password: string) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/account/login',
    payload: { email: address, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken as string;
};

const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rita',
  lastName: 'Rep',
  email: email('rep'),
  phone: '+421 900 123 456',
  role: 'representant',
  ...overrides,
});

const fixture = setupRouteFixture({ admin: false });
beforeAll(async () => {
  t = fixture.t;
  await createAdmin(t.ctx.db, { email: 'boss@users.test', password: 'boss-password' });
  adminToken = await login('boss@users.test', 'boss-password');
});

describe('user management API', () => {
  it("writes a new operator's welcome email in the language chosen for them, and keeps it as theirs", async () => {
    const body = person({ email: email('operator-de'), role: 'client', language: 'de' });
    const created = await t.request({
      method: 'POST',
      url: '/api/management/users',
      payload: body,
      token: adminToken,
    });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await t.mail.waitFor(body.email);
    expect(mail.subject).toMatch(/^Willkommen/);
    const password = /Passwort für die Anmeldung: (\S+)/.exec(mail.text)?.[1];
    expect(password, mail.text).toBeTruthy();
    const me = await t.request({
      method: 'GET',
      url: '/api/account/me',
      token: await login(body.email, password!),
    });
    expect(me.json().user).toMatchObject({ role: 'client', language: 'de' });
  });

  it('lets an admin create a representative, who gets a password by email and can sign up a client', async () => {
    const body = person();
    const created = await t.request({
      method: 'POST',
      url: '/api/management/users',
      payload: body,
      token: adminToken,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: Msg.userCreated,
      user: { email: body.email, role: 'representant' },
    });
    expect(created.body).not.toContain('password');

    const mail = await t.mail.waitFor(body.email);
    const password = /Your password for signing in: (\S+)/.exec(mail.text)?.[1];
    expect(password).toBeTruthy();
    const repToken = await login(body.email, password!);
    const me = await t.request({ method: 'GET', url: '/api/account/me', token: repToken });
    expect(me.json().user.role).toBe('representant');

    const signup = await t.request({
      method: 'POST',
      url: '/api/establishments/client-signup',
      token: repToken,
      payload: {
        client: { firstName: 'Cleo', lastName: 'Client', email: email('client'), phone: '+421 900 000 001' },
        establishment: {
          name: 'Rita’s Bistro',
          email: 'bistro@users.test',
          phone: '+421 900 000 002',
          address1: 'Main 1',
          city: 'Bratislava',
          state: 'BA',
          zip: '81101',
          country: 'Slovakia',
          businessId: '123',
          taxId: '456',
          vatNumber: 'SK789',
        },
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().message).toBe(Msg.clientAndEstablishmentCreated);
  });

  it('refuses non-admins (403) and guests (401)', async () => {
    const customer = person({ role: 'customer' });
    await t.request({ method: 'POST', url: '/api/management/users', payload: customer, token: adminToken });
    const mail = await t.mail.waitFor(customer.email);
    const token = await login(customer.email, /Your password for signing in: (\S+)/.exec(mail.text)![1]!);
    for (const [method, url] of [
      ['POST', '/api/management/users'],
      ['GET', '/api/management/users'],
    ] as const) {
      const asCustomer = await t.request({
        method,
        url,
        payload: method === 'POST' ? person() : undefined,
        token,
      });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().code).toBe(ErrorCode.FORBIDDEN);
      const asGuest = await t.request({ method, url, payload: method === 'POST' ? person() : undefined });
      expect(asGuest.statusCode).toBe(401);
    }
  });

  it('answers 409 for a taken email in any case, and names each bad field', async () => {
    const body = person();
    expect(
      (await t.request({ method: 'POST', url: '/api/management/users', payload: body, token: adminToken }))
        .statusCode,
    ).toBe(201);
    const again = await t.request({
      method: 'POST',
      url: '/api/management/users',
      payload: { ...body, email: body.email.toUpperCase() },
      token: adminToken,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ email: Msg.emailExists });

    const bad = await t.request({
      method: 'POST',
      url: '/api/management/users',
      payload: { firstName: '', lastName: 'x', email: 'nope', phone: 'abc', role: 'emperor' },
      token: adminToken,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      firstName: 'first name is required',
      email: Msg.invalidEmail,
      phone: Msg.invalidPhone,
      role: 'Choose a role',
    });
  });

  it('lists users by role and search, and reads one', async () => {
    const body = person({ firstName: 'Zdenka', role: 'representant' });
    const created = await t.request({
      method: 'POST',
      url: '/api/management/users',
      payload: body,
      token: adminToken,
    });
    const id = created.json().user.id as string;

    const list = await t.request({
      method: 'GET',
      url: '/api/management/users?role=representant&search=zdenka',
      token: adminToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(list.json().total).toBe(1);

    const one = await t.request({ method: 'GET', url: `/api/management/users/${id}`, token: adminToken });
    expect(one.json().user).toMatchObject({
      id,
      firstName: 'Zdenka',
      role: 'representant',
      emailVerified: false,
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/management/users/not-a-uuid', token: adminToken }))
        .statusCode,
    ).toBe(400);
    const missing = await t.request({
      method: 'GET',
      url: '/api/management/users/00000000-0000-4000-8000-000000000000',
      token: adminToken,
    });
    expect(missing.statusCode).toBe(404);
  });
});
