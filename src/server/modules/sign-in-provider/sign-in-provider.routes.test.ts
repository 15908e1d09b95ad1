/**
 * Staff sign-in through the company's OpenID Connect provider, end to end: a real provider
 * (oidc-provider) on 127.0.0.1 and the app over HTTP, the browser's walk between them scripted.
 * A sign-in there opens the same session a password does; a wrong state, a replayed code, an
 * unverified email, a disabled link and a follower's account are refused with a reason the
 * sign-in page shows.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../../../../tests/support/api-actors';
import {
  codeOf,
  comeBack,
  errorOf,
  setupProviderApp,
  signInThroughProvider,
  takeSession,
  walkSignIn,
} from '../../../../tests/support/sign-in-provider-api';
import type { Role } from '../../../shared/permissions';

const fx = setupProviderApp();
let seq = 0;

/** An account with this role, and a provider user with the same email (verified unless told). */
async function staff(role: Role, emailVerified = true) {
  const account = await fx.f.a.userWithRole(role, `oidc-${role}`);
  const login = `sub-${++seq}-${role}`;
  fx.provider.users.set(login, { email: account.email.toUpperCase(), emailVerified });
  return { account, login };
}

const me = (token: string) => fx.f.t.request({ method: 'GET', url: '/api/account/me', token });
/** The audit log's newest entry, as an admin reads it. */
async function newestAudit() {
  const res = await fx.f.a.call('GET', '/api/management/audit-log?limit=1', undefined, fx.f.admin.token);
  return res.json().items[0];
}
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('sign-in through the identity provider', () => {
  it('opens the session a password sign-in opens, for the account with the verified email', async () => {
    const config = await fx.f.t.request({ method: 'GET', url: '/api/config' });
    expect(config.json().signInProvider).toEqual({ name: 'Company login' });
    const { account, login } = await staff('client');
    const token = await signInThroughProvider(fx, login);
    const mine = await me(token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().user).toMatchObject({ id: account.id, email: account.email, role: 'client' });
    // The same token a password gives: subject, session, version, an expiry as long.
    const byPassword = claimsOf(await fx.f.a.signIn(account.email));
    const byProvider = claimsOf(token);
    expect(Object.keys(byProvider).sort()).toEqual(Object.keys(byPassword).sort());
    expect(byProvider.sub).toBe(byPassword.sub);
    // The token ends with its session, opened at the provider's callback: as long as a password's,
    // less the seconds between the callback and the web app's exchange of the code.
    const shortBy = byPassword.exp - byPassword.iat - (byProvider.exp - byProvider.iat);
    expect(shortBy).toBeGreaterThanOrEqual(0);
    expect(shortBy).toBeLessThan(60);
    // Signing out ends it like any other session.
    const out = await fx.f.t.request({ method: 'POST', url: '/api/account/logout', token });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps the password working, and finds the account by subject once linked', async () => {
    const { account, login } = await staff('representant');
    await signInThroughProvider(fx, login);
    // The provider's email changes: the link (issuer, subject) still opens the same account.
    fx.provider.users.set(login, { email: uniqueEmail('renamed'), emailVerified: true });
    const again = await me(await signInThroughProvider(fx, login));
    expect(again.json().user.id).toBe(account.id);
    const password = await fx.f.t.request({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(password.statusCode, password.body).toBe(200);
  });

  it('gives the sign-in code once', async () => {
    const { login } = await staff('admin');
    const { location } = await walkSignIn(fx, login);
    const code = codeOf(location);
    expect((await takeSession(fx, code)).statusCode).toBe(200);
    const twice = await takeSession(fx, code);
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().fields).toHaveProperty('code');
  });

  it('refuses an answer with a wrong state, or with no sign-in started in this browser', async () => {
    const { login } = await staff('client');
    const start = await fx.f.t.request({ method: 'GET', url: '/api/auth/oidc/start' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const callback = await fx.provider.signIn(String(start.headers.location), login);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    expect(errorOf(await comeBack(fx, forged, cookie))).toBe('state');
    expect(errorOf(await comeBack(fx, callback, undefined))).toBe('state');
    expect(errorOf(await comeBack(fx, callback, `${cookie}x`))).toBe('state');
    // The refusals spent nothing: the genuine answer still signs in.
    expect(errorOf(await comeBack(fx, callback, cookie))).toBeNull();
  });

  it('refuses a replayed code', async () => {
    const { login } = await staff('client');
    const first = await walkSignIn(fx, login);
    expect(errorOf(first.location)).toBeNull();
    const replay = await comeBack(fx, first.callback, first.cookie);
    expect(errorOf(replay)).toBe('code');
    expect(replay.hash).toBe('');
  });

  it('refuses an email the provider did not verify', async () => {
    const { account, login } = await staff('client', false);
    const { location } = await walkSignIn(fx, login);
    expect(errorOf(location)).toBe('unverified');
    expect(location.hash).toBe('');
    // Nothing was linked: with the email verified, the account is found by it.
    fx.provider.users.set(login, { email: account.email, emailVerified: true });
    expect(errorOf((await walkSignIn(fx, login)).location)).toBeNull();
  });

  it("refuses a follower's account, which keeps its password", async () => {
    const { login } = await staff('customer');
    expect(errorOf((await walkSignIn(fx, login)).location)).toBe('notStaff');
  });

  it('refuses a provider user an admin turned off, until turned on again', async () => {
    const { account, login } = await staff('client');
    await signInThroughProvider(fx, login);
    const admin = fx.f.admin.token;
    const list = await fx.f.a.call('GET', '/api/management/sign-in-provider/identities', undefined, admin);
    const link = list.json().items.find((item: { userId: string }) => item.userId === account.id);
    expect(link).toMatchObject({ subject: login, disabled: false });
    const url = `/api/management/sign-in-provider/identities/${link.id}`;
    expect((await fx.f.a.call('PATCH', url, { disabled: true }, admin)).statusCode).toBe(200);
    expect(await newestAudit()).toMatchObject({
      action: 'signInProvider.identityDisable',
      targetUserId: account.id,
    });
    expect(errorOf((await walkSignIn(fx, login)).location)).toBe('disabled');
    // Only this way in is closed: the password still signs in.
    expect(await fx.f.a.signIn(account.email)).toBeTruthy();
    expect((await fx.f.a.call('PATCH', url, { disabled: false }, admin)).statusCode).toBe(200);
    expect(await newestAudit()).toMatchObject({ action: 'signInProvider.identityEnable' });
    expect(errorOf((await walkSignIn(fx, login)).location)).toBeNull();
  });

  it('unlinks a provider user: the next sign-in matches by verified email again', async () => {
    const { account, login } = await staff('client');
    await signInThroughProvider(fx, login);
    const admin = fx.f.admin.token;
    const list = await fx.f.a.call('GET', '/api/management/sign-in-provider/identities', undefined, admin);
    const link = list.json().items.find((item: { userId: string }) => item.userId === account.id);
    const url = `/api/management/sign-in-provider/identities/${link.id}`;
    expect((await fx.f.a.call('DELETE', url, undefined, admin)).statusCode).toBe(200);
    expect(await newestAudit()).toMatchObject({ action: 'signInProvider.identityRemove' });
    expect((await fx.f.a.call('DELETE', url, undefined, admin)).statusCode).toBe(404);
    // Now linked under another subject: the provider renamed the user, the email is the same.
    fx.provider.users.set(`${login}-new`, { email: account.email, emailVerified: true });
    const again = await me(await signInThroughProvider(fx, `${login}-new`));
    expect(again.json().user.id).toBe(account.id);
  });

  it('makes an account for an unknown user only when the admin allows it, with a staff role', async () => {
    const login = `sub-${++seq}-new`;
    const email = uniqueEmail('oidc-new');
    fx.provider.users.set(login, { email, emailVerified: true, givenName: 'Nova', familyName: 'Staff' });
    expect(errorOf((await walkSignIn(fx, login)).location)).toBe('noAccount');

    const admin = fx.f.admin.token;
    const settings = '/api/management/sign-in-provider';
    const refused = await fx.f.a.call('PUT', settings, { allowCreate: true, createRole: 'admin' }, admin);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields).toHaveProperty('createRole');
    const saved = await fx.f.a.call(
      'PUT',
      settings,
      { allowCreate: true, createRole: 'representant' },
      admin,
    );
    expect(saved.json()).toMatchObject({ configured: true, allowCreate: true, createRole: 'representant' });

    const mine = await me(await signInThroughProvider(fx, login));
    expect(mine.json().user).toMatchObject({
      email,
      role: 'representant',
      firstName: 'Nova',
      lastName: 'Staff',
    });

    await fx.f.a.call('PUT', settings, { allowCreate: false, createRole: 'client' }, admin);
    const other = `sub-${++seq}-late`;
    fx.provider.users.set(other, { email: uniqueEmail('oidc-late'), emailVerified: true });
    expect(errorOf((await walkSignIn(fx, other)).location)).toBe('noAccount');
  });

  it('sends the browser back with a reason when the provider answers with an error', async () => {
    const start = await fx.f.t.request({ method: 'GET', url: '/api/auth/oidc/start' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const denied = new URL(`http://app.test/api/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(errorOf(await comeBack(fx, denied, cookie))).toBe('provider');
  });
});
