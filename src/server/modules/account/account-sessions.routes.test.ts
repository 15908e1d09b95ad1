/**
 * The accounts API over HTTP, end to end (login, bearer tokens and logout): the real app (routing,
 * validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Assertions are what a
 * client sees: status codes, `{ error, code, fields? }` bodies with the spec's messages, and the
 * emails that arrive. Shared setup and helpers: tests/support/account-api.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ANDROID_APP_URL,
  expectError,
  expectFieldError,
  forgeToken,
  get,
  JWT_SECRET,
  me,
  newUser,
  nowSeconds,
  post,
  registerUser,
  registration,
  setupAccountApp,
  signIn,
  t,
} from '../../../../tests/support/account-api';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('accounts API', () => {
  setupAccountApp({ ANDROID_APP_URL });

  describe('login', () => {
    it('answers { user, accessToken } and never a password hash', async () => {
      const { email, password } = await registerUser('login');
      const res = await post('/api/account/login', { email: ` ${email.toUpperCase()} `, password });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
      expect(body.user.email).toBe(email);
      expect(typeof body.accessToken).toBe('string');
      expect(res.body).not.toMatch(/passwordHash|password_hash|argon2|tokenVersion/i);
      expect(res.body).not.toContain(password);
      const mine = await me(body.accessToken);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().user.id).toBe(body.user.id);
      expect(mine.body).not.toMatch(/passwordHash|argon2/i);
    });

    it('answers the same 401 for a wrong password and an unknown email', async () => {
      const { email, password } = await registerUser('login-bad');
      expect(Msg.loginFailed).toBe('Email/password combination not found. Please try again.');
      const wrong = await post('/api/account/login', { email, password: `${password}x` });
      expectError(wrong, 401, Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
      const unknown = await post('/api/account/login', { email: uniqueEmail('nobody'), password });
      expectError(unknown, 401, Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('never accepts the placeholder hash of a fresh account as its password', async () => {
      const email = uniqueEmail('no-pass-yet');
      // The account row exists with an unusable password until the welcome job runs;
      // neither an empty-ish guess nor the marker itself opens it.
      const res = await post('/api/account/register', registration(email));
      expect(res.statusCode).toBe(201);
      expectError(await post('/api/account/login', { email, password: '!' }), 401, Msg.loginFailed);
    });

    it('answers 400 with fields when email or password is missing', async () => {
      const res = await post('/api/account/login', {});
      expectError(res, 400, res.json().error, ErrorCode.VALIDATION, {
        email: 'email is required',
        password: 'password is required',
      });
      expectFieldError(
        await post('/api/account/login', { email: 'a@example.test' }),
        'password',
        'password is required',
      );
      expectFieldError(
        await post('/api/account/login', { password: 'whatever1' }),
        'email',
        'email is required',
      );
      expectFieldError(
        await post('/api/account/login', { email: 'a@example.test', password: '' }),
        'password',
        'password is required',
      );
    });
  });

  describe('me and bearer tokens', () => {
    it('answers 401 without a token or with a garbage one', async () => {
      expectError(await get('/api/account/me'), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
      expectError(await me('garbage'), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
      expectError(await me('a.b.c'), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
      const basic = await t.request({
        method: 'GET',
        url: '/api/account/me',
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expectError(basic, 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });

    it('accepts only tokens signed with its secret and not expired', async () => {
      const { token } = await newUser('tokens');
      // Control: the same claims, signed with the right secret and a future expiry, are accepted.
      const good = await forgeToken(token, JWT_SECRET, nowSeconds() + 3600);
      expect((await me(good)).statusCode).toBe(200);

      const otherSecret = await forgeToken(
        token,
        'another-secret-another-secret-another-0123',
        nowSeconds() + 3600,
      );
      expectError(await me(otherSecret), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);

      const expired = await forgeToken(token, JWT_SECRET, nowSeconds() - 60);
      expectError(await me(expired), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);

      const [header, payload] = token.split('.');
      const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expect(header).toBeDefined();
      expectError(await me(`${unsignedHeader}.${payload}.`), 401, Msg.unauthorized);
    });

    it('refuses a token once it expires, though it was accepted (and remembered) before', async () => {
      const { token } = await newUser('token-expiry');
      const shortLived = await forgeToken(token, JWT_SECRET, nowSeconds() + 3);
      expect((await me(shortLived)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      expectError(await me(shortLived), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });

    it('answers 401 for a token after its session signed out', async () => {
      const { token } = await newUser('me-logout');
      expect((await me(token)).statusCode).toBe(200);
      expect((await post('/api/account/logout', undefined, token)).statusCode).toBe(200);
      expectError(await me(token), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });
  });

  describe('logout', () => {
    it('revokes only the session it is called with', async () => {
      const { email, password, token } = await newUser('logout');
      const second = await signIn(email, password);
      const res = await post('/api/account/logout', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: Msg.loggedOut });
      expectError(await me(token), 401, Msg.unauthorized);
      expect((await me(second)).statusCode).toBe(200);
      expectError(await post('/api/account/logout', undefined, token), 401, Msg.unauthorized);
    });

    it('refuses every request sent after logout, while those sent before it are still answered', {
      tags: ['postgres'],
    }, async () => {
      const { token } = await newUser('logout-race');
      // A backlog of the session's requests, in flight while it logs out: requests of one session
      // share its reads, and none sent after the logout may share one that began before it.
      const before = Array.from({ length: 100 }, () => me(token));
      expect((await Promise.race(before)).statusCode).toBe(200);
      expect((await post('/api/account/logout', undefined, token)).statusCode).toBe(200);
      const after = await Promise.all(Array.from({ length: 30 }, () => me(token)));
      expect(after.map((res) => res.statusCode)).toEqual(Array(30).fill(401));
      const answered = await Promise.all(before);
      expect(answered.every((res) => res.statusCode === 200 || res.statusCode === 401)).toBe(true);
    });

    it('logout-all revokes every session; signing in again works', async () => {
      const { email, password, token } = await newUser('logout-all');
      const second = await signIn(email, password);
      const res = await post('/api/account/logout-all', undefined, second);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: Msg.loggedOutEverywhere });
      expectError(await me(token), 401, Msg.unauthorized);
      expectError(await me(second), 401, Msg.unauthorized);
      const third = await signIn(email, password);
      expect((await me(third)).statusCode).toBe(200);
      expectError(await post('/api/account/logout-all'), 401, Msg.unauthorized);
    });
  });
});
