/**
 * The Home Screen app opens signed in: on an iPhone the installed app keeps its own
 * storage, so the signed-in page mints a one-time code, links a manifest whose start_url carries it,
 * and the app exchanges it for a session of its own. Over HTTP, real app and database.
 */
import { describe, expect, it } from 'vitest';
import { hasLink, linkToken } from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { a, admin, call, setupNotificationsApp, t } from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AppHandoff, LoginResponse } from '../../../shared/schemas/account.schema';

setupNotificationsApp();

const mint = (token?: string) => call('POST', '/api/account/app-handoff', undefined, token);
const take = (code: unknown) => call('POST', '/api/account/app-handoff/take', { code });
const me = (token: string) => call('GET', '/api/account/me', undefined, token);

async function codeFor(token: string) {
  const res = await mint(token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AppHandoff>();
}

let address = 0;
async function registers(tag: string) {
  const email = uniqueEmail(tag);
  const res = await t.request({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: `10.29.1.${++address}`,
    payload: { firstName: 'Ida', lastName: 'Phone', email, phone: '+421 907 111 222', terms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { accessToken, user } = res.json<LoginResponse>();
  const mail = await t.mail.waitFor(email, hasLink('verify'));
  return { token: accessToken, userId: user.id, verifyToken: linkToken(mail, 'verify') };
}

describe('the hand-off to the Home Screen app', () => {
  it('links a manifest whose start_url signs the installed app in, once', async () => {
    const customer = await a.userWithRole('customer', 'handoff');
    const { code, expiresAt } = await codeFor(customer.token);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    // What Safari reads on "Add to Home Screen": the app's manifest, starting at the code.
    const manifest = await t.request({ method: 'GET', url: `/api/app-manifest?handoff=${code}` });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-store');
    expect(manifest.json()).toMatchObject({
      id: '/',
      display: 'standalone',
      start_url: `/redirect?handoff=${code}`,
    });

    // The app's first start: its own session, as the same person.
    const taken = await take(code);
    expect(taken.statusCode, taken.body).toBe(200);
    const app = taken.json<LoginResponse>();
    expect(app.user.id).toBe(customer.id);
    expect(app.accessToken).not.toBe(customer.token);
    expect((await me(app.accessToken)).json().user.id).toBe(customer.id);

    // Single use.
    expectError(await take(code), 400, ErrorCode.TOKEN_INVALID);
  });

  it('refuses codes that are expired, unknown, malformed, or whose session ended; and guests and admins acting as someone', async () => {
    const customer = await a.userWithRole('customer', 'handoff-refused');
    const late = await codeFor(customer.token);
    await t.ctx.database.sql.executeSql(
      `UPDATE app_handoffs SET expires_at = now() - interval '1 second' WHERE session_id IN (SELECT id FROM sessions WHERE user_id = $1)`,
      [customer.id],
    );
    expectError(await take(late.code), 400, ErrorCode.TOKEN_INVALID);
    expectError(await take('x'.repeat(43)), 400, ErrorCode.TOKEN_INVALID);
    expectError(await take(''), 400, ErrorCode.VALIDATION, { code: Msg.tokenInvalid });
    expectError(await take(42), 400, ErrorCode.VALIDATION, { code: Msg.tokenInvalid });
    expect((await t.request({ method: 'GET', url: '/api/app-manifest' })).statusCode).toBe(400);
    for (const bad of ['../admin', 'x'.repeat(65), '']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/app-manifest?business=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, res.body).toBe(400);
    }

    // Signed out in Safari: the code goes with the session.
    const signedOut = await codeFor(customer.token);
    expect((await call('POST', '/api/account/logout', undefined, customer.token)).statusCode).toBe(200);
    expectError(await take(signedOut.code), 400, ErrorCode.TOKEN_INVALID);

    expectError(await mint(), 401, ErrorCode.UNAUTHORIZED);
    const target = await a.userWithRole('customer', 'handoff-impersonated');
    const as = await call('POST', `/api/management/users/${target.id}/impersonate`, undefined, admin.token);
    expect(as.statusCode, as.body).toBe(200);
    expectError(await mint(as.json<LoginResponse>().accessToken), 403, ErrorCode.FORBIDDEN);
  });

  it("opens the app installed from a business's page, by someone not signed in, on that page", async () => {
    // The light page links this manifest: after "Add to Home Screen", following is one tap again.
    const manifest = await t.request({ method: 'GET', url: '/api/app-manifest?business=Cafe-Roma-k7q2' });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({
      id: '/',
      display: 'standalone',
      start_url: '/cafe-roma-k7q2?src=direct',
    });
  });

  it('hands over a provisional session as provisional; the link opened in Safari confirms both', async () => {
    const person = await registers('handoff-provisional');
    const { code } = await codeFor(person.token);
    const app = (await take(code)).json<LoginResponse>();
    expect(app.user.emailVerified).toBe(false);
    const verifiedOf = async (token: string) =>
      (await call('GET', '/api/account/me', undefined, token)).json<LoginResponse>().user.emailVerified;
    expect(await verifiedOf(app.accessToken)).toBe(false);

    // The email's link opens in Safari, with the session that registered.
    const verified = await call('POST', '/api/account/verify', { token: person.verifyToken }, person.token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await verifiedOf(person.token)).toBe(true);
    expect(await verifiedOf(app.accessToken)).toBe(true);
  });

  it('ends the handed-over session too when the link is opened elsewhere', async () => {
    const person = await registers('handoff-elsewhere');
    const app = (await take((await codeFor(person.token)).code)).json<LoginResponse>();
    const verified = await call('POST', '/api/account/verify', { token: person.verifyToken });
    expect(verified.statusCode, verified.body).toBe(200);
    expectError(await me(app.accessToken), 401, ErrorCode.UNAUTHORIZED);
    expectError(await me(person.token), 401, ErrorCode.UNAUTHORIZED);
  });
});
