/**
 * With no identity provider configured (no OIDC_ settings), sign-in through one does not exist:
 * its routes answer 404, the public configuration names none, and the admin's page says so.
 */
import { describe, expect, it } from 'vitest';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';

const f = setupRouteFixture();

describe('sign-in through an identity provider, not configured', () => {
  it('answers 404 on its routes and names no provider', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/oidc/start'],
      ['GET', '/api/auth/oidc/callback?code=x&state=y'],
    ] as const) {
      const res = await f.t.request({ method, url });
      expect(res.statusCode, url).toBe(404);
    }
    const take = await f.t.request({ method: 'POST', url: '/api/auth/oidc/session', payload: { code: 'x' } });
    expect(take.statusCode).toBe(404);
    const config = await f.t.request({ method: 'GET', url: '/api/config' });
    expect(config.json().signInProvider).toBeNull();
  });

  it("tells the admin it is off; the settings are an admin's alone", async () => {
    const res = await f.a.call('GET', '/api/management/sign-in-provider', undefined, f.admin.token);
    expect(res.json()).toMatchObject({ configured: false, displayName: null, allowCreate: false });
    const client = await f.a.userWithRole('representant', 'not-admin');
    for (const [method, url, body] of [
      ['GET', '/api/management/sign-in-provider', undefined],
      ['PUT', '/api/management/sign-in-provider', { allowCreate: true, createRole: 'client' }],
      ['GET', '/api/management/sign-in-provider/identities', undefined],
    ] as const) {
      expect((await f.a.call(method, url, body, client.token)).statusCode, url).toBe(403);
      expect((await f.a.call(method, url, body)).statusCode, url).toBe(401);
    }
  });

  it('records the admin’s changes in the audit log', async () => {
    const put = await f.a.call(
      'PUT',
      '/api/management/sign-in-provider',
      { allowCreate: true, createRole: 'client' },
      f.admin.token,
    );
    expect(put.statusCode, put.body).toBe(200);
    const log = await f.a.call('GET', '/api/management/audit-log?limit=5', undefined, f.admin.token);
    expect(log.json().items[0]).toMatchObject({ action: 'signInProvider.update' });
  });
});
