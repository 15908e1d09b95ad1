/**
 * Authentication and the role-level right come before the body is parsed or validated: a guest gets
 * 401 and a signed-in user whose role can never hold the right gets 403, whatever they sent. Every
 * protected route is tried with a malformed body (or query) that would otherwise answer 400.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import type { Session } from '../support/api-actors';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

/** The routes a customer can never call, whatever establishment or post they name. */
const CUSTOMER_FORBIDDEN = [
  'POST /api/establishments',
  'POST /api/establishments/client-signup',
  'PUT /api/establishments/:id',
  'POST /api/establishments/:id/block',
  'POST /api/establishments/:id/unblock',
  'DELETE /api/establishments/:id',
  'POST /api/establishments/:id/members',
  'DELETE /api/establishments/:id/members/:userId',
  'POST /api/establishments/:id/logo',
  'POST /api/establishments/:id/cover',
  'POST /api/establishments/:id/gallery',
  'PATCH /api/establishments/:id/gallery/:imageId',
  'DELETE /api/establishments/:id/gallery/:imageId',
  'GET /api/management/users',
  'GET /api/management/users/:id',
  'POST /api/management/users',
  'POST /api/establishments/:id/media',
  'POST /api/establishments/:id/notifications',
  'GET /api/establishments/:id/scheduled',
  'GET /api/reports/dashboard',
  'GET /api/reports/funnel',
  // Who reacted to a post: those who may send for its establishment, never a customer.
  'GET /api/notifications/:id/reactions',
  // Turning a post's comments off: its moderators, never a customer.
  'PATCH /api/notifications/:id/comment-settings',
];

/** Admin-only routes a representative or a client is refused before validation too. */
const ADMIN_ONLY = CUSTOMER_FORBIDDEN.filter((key) =>
  /block|DELETE \/api\/establishments\/:id$|members|management|^POST \/api\/establishments$/.test(key),
);

let t: TestApp;
let customer: Session;
let representative: Session;
let admin: Session;

const fixture = setupRouteFixture();
beforeAll(async () => {
  ({ t, admin } = fixture);
  customer = await fixture.a.userWithRole('customer');
  representative = await fixture.a.userWithRole('representant');
});

/** A request to the route that is malformed in every way it can be: bad ids, bad query, broken JSON. */
function malformed(key: string, token?: string): InjectOptions {
  const [method, pattern] = key.split(' ') as [InjectOptions['method'], string];
  const url = `${pattern.replace(/:[A-Za-z]+/g, 'not-an-id')}?limit=-1&cursor=%%%`;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (method === 'GET' || method === 'DELETE') return { method, url, headers };
  return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"broken' };
}

describe('access is decided before the body is read', () => {
  it('declares access on every protected route, including the admin ones', () => {
    const declared = [...t.app.routeAccess.keys()];
    expect(declared.length).toBeGreaterThanOrEqual(36);
    for (const key of CUSTOMER_FORBIDDEN) expect(declared).toContain(key);
  });

  it('the API docs say who may call each protected route', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { security?: unknown[]; description?: string; 'x-api-key-scope'?: string }>
      >;
    }>();
    for (const [key, access] of t.app.routeAccess) {
      const [method, pattern] = key.split(' ') as [string, string];
      const operation = doc.paths[pattern.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
      // The routes that also take an establishment's API key say so, and with which scope.
      const keyScope = operation?.['x-api-key-scope'];
      expect(operation?.security, key).toEqual(
        keyScope ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }],
      );
      if (keyScope) expect(operation?.description, key).toContain(`\`${keyScope}\` scope`);
      expect(operation?.description, key).toContain(access === 'signedIn' ? 'any signed-in user' : access);
    }
  });

  it('a guest gets 401 on every protected route, whatever the body', async () => {
    for (const key of t.app.routeAccess.keys()) {
      const res = await t.app.inject(malformed(key));
      expect(res.statusCode, key).toBe(401);
      expect(res.json().code, key).toBe(ErrorCode.UNAUTHORIZED);
    }
  });

  it('a customer gets 403 on routes their role never may call, before validation', async () => {
    for (const key of CUSTOMER_FORBIDDEN) {
      const res = await t.app.inject(malformed(key, customer.token));
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code, key).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('a representative gets 403 on admin-only routes, before validation', async () => {
    expect(ADMIN_ONLY.length).toBeGreaterThanOrEqual(8);
    for (const key of ADMIN_ONLY) {
      const res = await t.app.inject(malformed(key, representative.token));
      expect(res.statusCode, key).toBe(403);
    }
  });

  it('the same malformed requests from an admin reach validation and answer 4xx, never 401/403 or 500', async () => {
    for (const key of CUSTOMER_FORBIDDEN.filter((k) => /^(POST|PUT|PATCH) /.test(k))) {
      const res = await t.app.inject(malformed(key, admin.token));
      expect([400, 404, 406, 413, 415], `${key}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('a bad token on a protected route is 401 even with a valid body', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/establishments/${randomUUID()}/notifications`,
      token: 'not-a-token',
      payload: { title: 'Hello', body: 'World' },
    });
    expect(res.statusCode).toBe(401);
  });
});
