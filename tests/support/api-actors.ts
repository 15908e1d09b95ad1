import { expect } from 'vitest';
import { hashPassword } from '../../src/server/lib/passwords';
import { createAdmin } from '../../src/server/modules/account/admin-bootstrap';
import { insertUser } from '../../src/server/modules/account/users.repo';
import type { Role } from '../../src/shared/permissions';
import type { Establishment } from '../../src/shared/schemas/establishment.schema';
import type { TestApp } from './test-app';

/**
 * People and businesses for API tests. Users are written straight to the database as SETUP, then
 * sign in over HTTP; everything else (establishments, following, operating) goes through the API.
 */
export interface Session {
  id: string;
  email: string;
  token: string;
}

export const PASSWORD = 'correct-horse-battery-7';
let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.test`;

/** A complete, valid establishment profile. */
export const establishmentFields = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: 'hello@shop.example',
  phone: '+421 2 1234 5678',
  address1: 'Main Street 1',
  city: 'Bratislava',
  state: 'Bratislava Region',
  zip: '811 01',
  country: 'Slovakia',
  businessId: '12345678',
  taxId: '2020123456',
  vatNumber: 'SK2020123456',
  ...extra,
});

export function actors(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token?: string,
  ) => t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function signIn(email: string): Promise<string> {
    const res = await call('POST', '/api/account/login', { email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ accessToken: string }>().accessToken;
  }

  async function userWithRole(role: Role, tag: string = role): Promise<Session> {
    const email = uniqueEmail(tag);
    if (role === 'admin') await createAdmin(t.ctx.db, { email, password: PASSWORD });
    else {
      await insertUser(t.ctx.db, {
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Test',
        lastName: tag,
        phone: '+421 900 000 000',
        role,
        emailVerified: true,
      });
    }
    const token = await signIn(email);
    const me = await call('GET', '/api/account/me', undefined, token);
    return { id: me.json<{ user: { id: string } }>().user.id, email, token };
  }

  async function establishment(admin: Session, name: string, extra: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/establishments', establishmentFields(name, extra), admin.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ establishment: Establishment }>().establishment;
  }

  async function addMember(
    admin: Session,
    establishmentId: string,
    email: string,
    kind: 'client' | 'customer',
  ) {
    const res = await call(
      'POST',
      `/api/establishments/${establishmentId}/members`,
      { email, kind },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A signed-in client operating the establishment (the token is issued after, so it carries the link). */
  async function clientOf(admin: Session, establishmentId: string, tag = 'client'): Promise<Session> {
    const user = await userWithRole('client', tag);
    await addMember(admin, establishmentId, user.email, 'client');
    return { ...user, token: await signIn(user.email) };
  }

  /** A signed-in customer who followed the establishment from its page. */
  async function followerOf(establishmentId: string, tag = 'follower'): Promise<Session> {
    const user = await userWithRole('customer', tag);
    const res = await call('POST', `/api/establishments/${establishmentId}/follow`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    return user;
  }

  async function follow(user: Session, establishmentId: string) {
    const res = await call('POST', `/api/establishments/${establishmentId}/follow`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
  }

  return { call, signIn, userWithRole, establishment, addMember, clientOf, followerOf, follow };
}
