/**
 * The accounts API over HTTP, end to end: the real app (routing, validation, auth, jobs, mail) on a
 * throw-away database, with a real SMTP sink. Assertions are what a client sees: status codes,
 * `{ error, code, fields? }` bodies with the spec's messages, and the emails that arrive.
 */
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasLink,
  linkToken,
  TEST_PUBLIC_URL as PUBLIC_URL,
  passwordIn,
} from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { multipart } from '../../../../tests/support/multipart';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const ANDROID_APP_URL = 'https://play.google.com/store/apps/details?id=test.broadcast.app';

let t: TestApp;

/** A fresh address per test, so tests never share a user. */

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phone: '+421 900 123 456',
  terms: true,
  ...extra,
});

const post = (url: string, payload?: unknown, token?: string) =>
  t.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const me = (token: string) => get('/api/account/me', token);

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

/** An error answer as the design promises it: JSON `{ error, code, fields? }`, nothing else. */
function expectError(
  res: LightMyRequestResponse,
  status: number,
  error: string,
  code?: string,
  fields?: Record<string, string>,
): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(body.error).toBe(error);
  if (code) expect(body.code).toBe(code);
  if (fields) expect(body.fields).toMatchObject(fields);
  expect(Object.keys(body).every((key) => ['error', 'code', 'fields'].includes(key))).toBe(true);
  return body;
}

/** The first field message of a 400 validation answer for `field`. */
function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe(ErrorCode.VALIDATION);
  expect(body.fields?.[field]).toBe(message);
  expect(typeof body.error).toBe('string');
}

/** A mail to `to` that arrived after the sink held `since` messages (and matching `where`). */
const mailAfter = (since: number, to: string, where: (m: ReceivedMail) => boolean = () => true) =>
  t.mail.waitFor(to, (m) => t.mail.received.indexOf(m) >= since && where(m));

/** Register through the API and read the welcome email. */
async function registerUser(tag: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(tag);
  const res = await post('/api/account/register', registration(email, extra));
  expect(res.statusCode, res.body).toBe(201);
  const welcome = await t.mail.waitFor(email, hasLink('verify'));
  return { email, welcome, password: passwordIn(welcome), id: res.json<{ user: { id: string } }>().user.id };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/api/account/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

/** A registered, signed-in user. */
async function newUser(tag: string) {
  const user = await registerUser(tag);
  return { ...user, token: await signIn(user.email, user.password) };
}

const uploadAvatar = async (token: string, parts: Parameters<typeof multipart>[0]) =>
  t.request({ method: 'POST', url: '/api/account/avatar', token, ...(await multipart(parts)) });

const redPng = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

/** Forge a bearer token with the claims of a real one. */
const forgeToken = (claimsOf: string, secret: string, exp: number) => {
  const claims = decodeJwt(claimsOf);
  return new SignJWT({ sid: claims.sid, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub!)
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('accounts API', () => {
  beforeAll(async () => {
    t = await startTestApp({ ANDROID_APP_URL });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('register and verify', () => {
    it('registers, emails a verify link, a password and the app link; the password signs in; the link verifies once', async () => {
      const email = uniqueEmail('reg');
      const res = await post('/api/account/register', registration(email));
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toBe(Msg.registered);
      expect(body.message).toBe('Successfully Registered!');
      expect(body.user).toMatchObject({
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'customer',
        emailVerified: false,
      });
      expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);

      const welcome = await t.mail.waitFor(email);
      expect(welcome.to).toEqual([email]);
      const verifyToken = linkToken(welcome, 'verify');
      const password = passwordIn(welcome);
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(welcome.links).toContain(ANDROID_APP_URL);
      expect(welcome.html).toContain(`${PUBLIC_URL}/verify/${verifyToken}`);

      const token = await signIn(email, password);
      const before = await me(token);
      expect(before.statusCode).toBe(200);
      expect(before.json().user.emailVerified).toBe(false);

      const verified = await post('/api/account/verify', { token: verifyToken });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ message: Msg.verified });
      expect(Msg.verified).toBe('You are now verified.');

      const after = await me(token);
      expect(after.json().user.emailVerified).toBe(true);

      const again = await post('/api/account/verify', { token: verifyToken });
      expectError(again, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);
      expect(Msg.tokenInvalid).toBe('The token does not exist or is already used!');
    });

    it('rejects an unknown or empty verification token with the token message', async () => {
      expectError(
        await post('/api/account/verify', { token: 'x'.repeat(43) }),
        400,
        Msg.tokenInvalid,
        ErrorCode.TOKEN_INVALID,
      );
      expectError(await post('/api/account/verify', { token: '' }), 400, Msg.tokenInvalid);
      expectError(await post('/api/account/verify', {}), 400, Msg.tokenInvalid);
    });

    it('answers 409 "Email already exists." for the same email in another case', async () => {
      const email = uniqueEmail('dup');
      expect((await post('/api/account/register', registration(email))).statusCode).toBe(201);
      const res = await post('/api/account/register', registration(email.toUpperCase()));
      expectError(res, 409, Msg.emailExists, ErrorCode.EMAIL_EXISTS, { email: Msg.emailExists });
      expect(Msg.emailExists).toBe('Email already exists.');
    });

    it('lets exactly one of two identical registrations sent at once succeed', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all([
        post('/api/account/register', registration(email)),
        post('/api/account/register', registration(email)),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const conflict = results.find((r) => r.statusCode === 409)!;
      expectError(conflict, 409, Msg.emailExists, ErrorCode.EMAIL_EXISTS, { email: Msg.emailExists });
      // The one account works: its welcome email's password signs in.
      const welcome = await t.mail.waitFor(email);
      await signIn(email, passwordIn(welcome));
    });

    it('sends the welcome email in the language chosen at registration', async () => {
      const english = await registerUser('lang-en');
      const email = uniqueEmail('lang-de');
      const res = await post('/api/account/register', registration(email, { language: 'de' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user.language).toBe('de');
      const german = await t.mail.waitFor(email);
      expect(german.subject).not.toBe(english.welcome.subject);
      expect(german.subject).toMatch(/Willkommen/);
      expect(german.text).not.toContain('Your password for signing in');
      const password = german.text.match(/Passwort für die Anmeldung: (\S+)/)?.[1];
      expect(password, german.text).toBeDefined();
      expect(german.links.some((l) => l.startsWith(`${PUBLIC_URL}/verify/`))).toBe(true);
      await signIn(email, password!);
    });

    describe('validation', () => {
      const register = (payload: Record<string, unknown>) => post('/api/account/register', payload);
      const valid = () => registration(uniqueEmail('val'));
      const without = (field: string) => {
        const payload: Record<string, unknown> = valid();
        delete payload[field];
        return payload;
      };

      it('requires the first name', async () => {
        expectFieldError(await register(without('firstName')), 'firstName', 'first name is required');
        expectFieldError(
          await register({ ...valid(), firstName: '' }),
          'firstName',
          'first name is required',
        );
        expectFieldError(
          await register({ ...valid(), firstName: '   ' }),
          'firstName',
          'first name is required',
        );
        expect(required(FieldLabel.firstName)).toBe('first name is required');
      });

      it('requires the last name', async () => {
        expectFieldError(await register(without('lastName')), 'lastName', 'last name is required');
        expectFieldError(await register({ ...valid(), lastName: '' }), 'lastName', 'last name is required');
      });

      it('requires a valid email', async () => {
        expectFieldError(await register(without('email')), 'email', 'email is required');
        expectFieldError(await register({ ...valid(), email: '' }), 'email', 'email is required');
        for (const email of ['not-an-email', 'a@', '@example.test', 'a b@example.test', 42]) {
          expectFieldError(await register({ ...valid(), email }), 'email', Msg.invalidEmail);
        }
        expect(Msg.invalidEmail).toBe('Must be a valid email');
        expectFieldError(
          await register({ ...valid(), email: `${'a'.repeat(300)}@example.test` }),
          'email',
          Msg.invalidEmail,
        );
      });

      it('requires a phone number', async () => {
        expectFieldError(await register(without('phone')), 'phone', 'phone is required');
        expectFieldError(await register({ ...valid(), phone: '' }), 'phone', 'phone is required');
        expectFieldError(
          await register({ ...valid(), phone: 'call me' }),
          'phone',
          'Must be a valid phone number',
        );
      });

      it('requires the terms box to be checked', async () => {
        expect(Msg.mustBeChecked).toBe('This field must be checked');
        expectFieldError(await register({ ...valid(), terms: false }), 'terms', Msg.mustBeChecked);
        expectFieldError(await register(without('terms')), 'terms', Msg.mustBeChecked);
        expectFieldError(await register({ ...valid(), terms: 'true' }), 'terms', Msg.mustBeChecked);
      });

      it('names the field for wrong types and over-long text, and never answers 500', async () => {
        expectFieldError(
          await register({ ...valid(), firstName: 42 }),
          'firstName',
          'First name must be text',
        );
        expectFieldError(
          await register({ ...valid(), lastName: { $ne: '' } }),
          'lastName',
          'Last name must be text',
        );
        expectFieldError(
          await register({ ...valid(), firstName: 'a'.repeat(101) }),
          'firstName',
          'First name must be at most 100 characters',
        );
        expectFieldError(
          await register({ ...valid(), lastName: 'b'.repeat(100_000) }),
          'lastName',
          'Last name must be at most 100 characters',
        );
        // Exactly 100 characters is fine.
        expect((await register({ ...valid(), firstName: 'a'.repeat(100) })).statusCode).toBe(201);
        expectFieldError(
          await register({ ...valid(), language: 'xx' }),
          'language',
          'Choose one of the offered languages',
        );
      });

      it('reports every wrong field of an empty form at once', async () => {
        const res = await register({});
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toMatchObject({
          firstName: 'first name is required',
          lastName: 'last name is required',
          email: 'email is required',
          phone: 'phone is required',
          terms: Msg.mustBeChecked,
        });
      });
    });
  });

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

    it('answers 401 for a token after its session signed out', async () => {
      const { token } = await newUser('me-logout');
      expect((await me(token)).statusCode).toBe(200);
      expect((await post('/api/account/logout', undefined, token)).statusCode).toBe(200);
      expectError(await me(token), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });
  });

  describe('profile', () => {
    const profile = (email: string, extra: Record<string, unknown> = {}) => ({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      phone: '+1 555 0100',
      bio: 'Compilers.',
      ...extra,
    });

    it('updates the profile and answers "Profile updated"', async () => {
      const { email, token } = await newUser('profile');
      const res = await post('/api/account/profile', profile(email, { language: 'sk' }), token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(Msg.profileUpdated);
      expect(Msg.profileUpdated).toBe('Profile updated');
      expect(res.json().user).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        phone: '+1 555 0100',
        bio: 'Compilers.',
        language: 'sk',
      });
      const mine = (await me(token)).json().user;
      expect(mine).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        bio: 'Compilers.',
        language: 'sk',
      });
    });

    it('validates the profile with the spec messages', async () => {
      const { email, token } = await newUser('profile-val');
      const update = (payload: Record<string, unknown>) => post('/api/account/profile', payload, token);
      expectFieldError(
        await update(profile(email, { firstName: '' })),
        'firstName',
        'first name is required',
      );
      expectFieldError(await update(profile(email, { lastName: ' ' })), 'lastName', 'last name is required');
      expectFieldError(await update(profile(email, { email: '' })), 'email', 'email is required');
      expectFieldError(await update(profile(email, { email: 'nope' })), 'email', Msg.invalidEmail);
      expectFieldError(await update(profile(email, { phone: '' })), 'phone', 'phone is required');
      expectFieldError(
        await update(profile(email, { bio: 'x'.repeat(301) })),
        'bio',
        'Bio must be at most 300 characters',
      );
      expectFieldError(
        await update(profile(email, { firstName: 7 })),
        'firstName',
        'First name must be text',
      );
      // Nothing was changed by the refused updates.
      expect((await me(token)).json().user).toMatchObject({ firstName: 'Ada', email });
      expectError(await post('/api/account/profile', profile(email)), 401, Msg.unauthorized);
    });

    it("refuses another user's email in any case with 409", async () => {
      const a = await newUser('profile-a');
      const b = await newUser('profile-b');
      for (const taken of [b.email, b.email.toUpperCase()]) {
        const res = await post(
          '/api/account/profile',
          profile(taken, { currentPassword: a.password }),
          a.token,
        );
        expectError(res, 409, Msg.emailExists, ErrorCode.EMAIL_EXISTS, { email: Msg.emailExists });
      }
      expect((await me(a.token)).json().user.email).toBe(a.email);
    });

    it('a new email address must be verified again: a verification email goes to it and its link verifies', async () => {
      const { email, token, welcome, password } = await newUser('profile-email');
      expect((await post('/api/account/verify', { token: linkToken(welcome, 'verify') })).statusCode).toBe(
        200,
      );
      expect((await me(token)).json().user.emailVerified).toBe(true);

      // Keeping one's own address in another case is not a change.
      const same = await post('/api/account/profile', profile(email.toUpperCase()), token);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().user).toMatchObject({ email, emailVerified: true });

      const newEmail = uniqueEmail('profile-new');
      const since = t.mail.received.length;
      const res = await post(
        '/api/account/profile',
        profile(newEmail.toUpperCase(), { currentPassword: password }),
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ email: newEmail, emailVerified: false });
      expect((await me(token)).json().user.emailVerified).toBe(false);

      const mail = await mailAfter(since, newEmail, hasLink('verify'));
      expect(mail.to).toEqual([newEmail]);
      // The old address is only told of the change: no link goes there.
      await mailAfter(since, email, (m) => m.subject === 'Your email address was changed');
      expect(t.mail.received.slice(since).filter((m) => m.to.includes(email) && m.links.length > 0)).toEqual(
        [],
      );
      const verified = await post('/api/account/verify', { token: linkToken(mail, 'verify') });
      expect(verified.json()).toEqual({ message: Msg.verified });
      expect((await me(token)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
    });
  });

  describe('resend verification', () => {
    it('requires a signed-in user', async () => {
      expectError(await post('/api/account/verify/resend'), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });

    it('emails a fresh link while unverified, and says so once verified', async () => {
      const { email, token, welcome } = await newUser('resend');
      const since = t.mail.received.length;
      const res = await post('/api/account/verify/resend', undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: Msg.verificationSent });
      const mail = await mailAfter(since, email, hasLink('verify'));
      const fresh = linkToken(mail, 'verify');
      expect(fresh).not.toBe(linkToken(welcome, 'verify'));

      expect((await post('/api/account/verify', { token: fresh })).json()).toEqual({ message: Msg.verified });
      expect((await me(token)).json().user.emailVerified).toBe(true);

      const again = await post('/api/account/verify/resend', undefined, token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: Msg.alreadyVerified });
    });
  });

  describe('change password', () => {
    const change = (token: string, currentPassword: string, newPassword: string) =>
      post('/api/account/password', { currentPassword, newPassword }, token);

    it('refuses a wrong current password on the currentPassword field', async () => {
      const { token, password } = await newUser('pw-wrong');
      const res = await change(token, `${password}-nope`, 'brand-new-password');
      expectError(res, 400, Msg.currentPasswordWrong, ErrorCode.WRONG_PASSWORD, {
        currentPassword: Msg.currentPasswordWrong,
      });
      expect((await me(token)).statusCode).toBe(200);
    });

    it('refuses a new password shorter than 7 characters', async () => {
      const { token, password } = await newUser('pw-short');
      expect(Msg.passwordTooShort).toBe('Must be at least 7 characters');
      expectFieldError(await change(token, password, 'abc123'), 'newPassword', Msg.passwordTooShort);
      expectFieldError(await change(token, password, ''), 'newPassword', 'password is required');
      expectError(await change('', password, 'long-enough'), 401, Msg.unauthorized);
    });

    it('sets the password, answers a new working token and ends every older session', async () => {
      const { email, token, password } = await newUser('pw-ok');
      const otherDevice = await signIn(email, password);
      const res = await change(token, password, 'a-much-better-password');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe(Msg.passwordUpdated);
      expect(Msg.passwordUpdated).toBe('Password updated');
      expect(body.accessToken).not.toBe(token);

      expect((await me(body.accessToken)).statusCode).toBe(200);
      expectError(await me(token), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
      expectError(await me(otherDevice), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);

      expectError(await post('/api/account/login', { email, password }), 401, Msg.loginFailed);
      await signIn(email, 'a-much-better-password');
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for a known and an unknown email; only the known one gets a link', async () => {
      const { email } = await registerUser('forgot-same');
      const unknown = uniqueEmail('forgot-unknown');
      const since = t.mail.received.length;
      const forUnknown = await post('/api/account/forgot-password', { email: unknown });
      const forKnown = await post('/api/account/forgot-password', { email: email.toUpperCase() });
      expect(forUnknown.statusCode).toBe(200);
      expect(forKnown.statusCode).toBe(200);
      expect(forKnown.json()).toEqual(forUnknown.json());
      expect(forKnown.json()).toEqual({ message: Msg.resetLinkSent });

      const mail = await mailAfter(since, email, hasLink('newpassword'));
      linkToken(mail, 'newpassword');
      expect(t.mail.received.some((m) => m.to.includes(unknown))).toBe(false);

      expectFieldError(
        await post('/api/account/forgot-password', { email: 'nope' }),
        'email',
        Msg.invalidEmail,
      );
      expectFieldError(await post('/api/account/forgot-password', {}), 'email', 'email is required');
    });

    it('sets a new password from the emailed link once, and ends the old sessions', async () => {
      const { email, password, token } = await newUser('reset');
      const since = t.mail.received.length;
      expect((await post('/api/account/forgot-password', { email })).statusCode).toBe(200);
      const mail = await mailAfter(since, email, hasLink('newpassword'));
      const resetToken = linkToken(mail, 'newpassword');

      const short = await post('/api/account/reset-password', { token: resetToken, password: 'short' });
      expectFieldError(short, 'password', Msg.passwordTooShort);

      const res = await post('/api/account/reset-password', {
        token: resetToken,
        password: 'reset-password-1',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: Msg.passwordUpdated });

      const fresh = await signIn(email, 'reset-password-1');
      expect((await me(fresh)).statusCode).toBe(200);
      expectError(await post('/api/account/login', { email, password }), 401, Msg.loginFailed);
      expectError(await me(token), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);

      const reuse = await post('/api/account/reset-password', {
        token: resetToken,
        password: 'reset-password-2',
      });
      expectError(reuse, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);
      await signIn(email, 'reset-password-1');
      // A reset token is not a verification token.
      expectError(await post('/api/account/verify', { token: resetToken }), 400, Msg.tokenInvalid);
    });

    it('spends every other reset link once one is used, and when the password is changed', async () => {
      const { email } = await newUser('reset-older');
      const resetLink = async () => {
        const since = t.mail.received.length;
        expect((await post('/api/account/forgot-password', { email })).statusCode).toBe(200);
        return linkToken(await mailAfter(since, email, hasLink('newpassword')), 'newpassword');
      };
      const [older, newer] = [await resetLink(), await resetLink()];
      const used = await post('/api/account/reset-password', { token: newer, password: 'reset-newer-1' });
      expect(used.statusCode, used.body).toBe(200);
      const stale = await post('/api/account/reset-password', { token: older, password: 'reset-older-1' });
      expectError(stale, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);

      // A link outstanding when the password is changed in the account is spent as well.
      const outstanding = await resetLink();
      const token = await signIn(email, 'reset-newer-1');
      const change = await t.request({
        method: 'POST',
        url: '/api/account/password',
        token,
        payload: { currentPassword: 'reset-newer-1', newPassword: 'changed-password-1' },
      });
      expect(change.statusCode, change.body).toBe(200);
      const late = await post('/api/account/reset-password', {
        token: outstanding,
        password: 'reset-late-1',
      });
      expectError(late, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);
      await signIn(email, 'changed-password-1');
    });

    it('refuses an unknown reset token', async () => {
      const res = await post('/api/account/reset-password', {
        token: 'y'.repeat(43),
        password: 'long-enough',
      });
      expectError(res, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);
    });

    it('does not accept a verification token as a reset token', async () => {
      const { email, password, welcome } = await registerUser('reset-verify');
      const res = await post('/api/account/reset-password', {
        token: linkToken(welcome, 'verify'),
        password: 'hijacked-password',
      });
      expectError(res, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);
      await signIn(email, password);
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

  describe('avatar', () => {
    it('stores an uploaded PNG as a 512x512 JPEG served under /image/logo/', async () => {
      const { token } = await newUser('avatar');
      const png = await redPng();
      const res = await uploadAvatar(token, [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const avatar: string = res.json().user.avatar;
      expect(avatar).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().message).toBe(Msg.profileUpdated);
      expect((await me(token)).json().user.avatar).toBe(avatar);

      const image = await get(`/image/logo/${avatar}.jpeg`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
      const { dominant } = await sharp(image.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g).toBeLessThan(60);

      // A new picture replaces the old one, whose file is gone.
      const again = await uploadAvatar(token, [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      expect(again.statusCode, again.body).toBe(200);
      const next: string = again.json().user.avatar;
      expect(next).not.toBe(avatar);
      expect((await get(`/image/logo/${next}.jpeg`)).statusCode).toBe(200);
      expect((await get(`/image/logo/${avatar}.jpeg`)).statusCode).toBe(404);
    });

    it('refuses a text file pretending to be a PNG with 415', async () => {
      const { token } = await newUser('avatar-fake');
      const res = await uploadAvatar(token, [
        {
          name: 'file',
          value: new Blob(['this is not a picture'], { type: 'image/png' }),
          filename: 'fake.png',
        },
      ]);
      expectError(res, 415, Msg.imageInvalid, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.imageInvalid });
      expect((await me(token)).json().user.avatar).toBeNull();
    });

    it('answers 400 when no file is sent', async () => {
      const { token } = await newUser('avatar-none');
      const onlyField = await uploadAvatar(token, [{ name: 'note', value: 'no file here' }]);
      expectError(onlyField, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
      const json = await post('/api/account/avatar', { file: 'abc' }, token);
      expectError(json, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
      const empty = await post('/api/account/avatar', undefined, token);
      expectError(empty, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
    });

    it('answers 413 for a file over 10 MB', async () => {
      const { token } = await newUser('avatar-big');
      const big = new Uint8Array(10 * 1024 * 1024 + 1024).fill(7);
      const res = await uploadAvatar(token, [
        { name: 'file', value: new Blob([big], { type: 'image/png' }), filename: 'big.png' },
      ]);
      expectError(res, 413, Msg.imageTooLarge, ErrorCode.PAYLOAD_TOO_LARGE, { file: Msg.imageTooLarge });
      expect((await me(token)).json().user.avatar).toBeNull();
    });

    it('requires a signed-in user', async () => {
      const png = await redPng();
      const res = await uploadAvatar('', [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      expectError(res, 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });
  });

  describe('delete account', () => {
    it('deletes at once: the token stops working, sign-in fails, the email can register again', async () => {
      const { email, password, token, id } = await newUser('delete');
      const png = await redPng();
      const upload = await uploadAvatar(token, [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      const avatar: string = upload.json().user.avatar;
      expect((await get(`/image/logo/${avatar}.jpeg`)).statusCode).toBe(200);

      const res = await t.request({ method: 'DELETE', url: '/api/account', token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: Msg.accountDeleted });
      expect(Msg.accountDeleted).toBe('Account deleted! Sorry to see you go.');

      expectError(await me(token), 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
      expectError(await post('/api/account/login', { email, password }), 401, Msg.loginFailed);
      expect((await get(`/image/logo/${avatar}.jpeg`)).statusCode).toBe(404);
      expectError(await t.request({ method: 'DELETE', url: '/api/account', token }), 401, Msg.unauthorized);

      const since = t.mail.received.length;
      const again = await post('/api/account/register', registration(email));
      expect(again.statusCode, again.body).toBe(201);
      const welcome = await mailAfter(since, email, hasLink('verify'));
      const fresh = await signIn(email, passwordIn(welcome));
      const reborn = (await me(fresh)).json().user;
      expect(reborn.id).toBe(again.json().user.id);
      expect(reborn.id).not.toBe(id);
      expect(reborn.avatar).toBeNull();
    });
  });

  describe("acting on another user's data", () => {
    it("a user's token only ever changes that user", async () => {
      const a = await newUser('owner-a');
      const b = await newUser('owner-b');
      const bBefore = (await me(b.token)).json().user;

      const res = await post(
        '/api/account/profile',
        {
          firstName: 'Changed',
          lastName: 'ByA',
          email: a.email,
          phone: '+44 20 7946 0000',
          bio: 'A was here',
        },
        a.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.id).toBe(a.id);
      expect((await me(a.token)).json().user).toMatchObject({ firstName: 'Changed', lastName: 'ByA' });

      // Ids in the body are not parameters: they cannot point the update at someone else.
      const smuggled = await post(
        '/api/account/profile',
        {
          id: b.id,
          userId: b.id,
          firstName: 'Evil',
          lastName: 'Twin',
          email: a.email,
          phone: '+44 20 7946 0000',
        },
        a.token,
      );
      expect(smuggled.statusCode).toBe(200);
      expect(smuggled.json().user.id).toBe(a.id);

      expect((await post('/api/account/logout-all', undefined, a.token)).statusCode).toBe(200);
      expect((await me(b.token)).json().user).toEqual(bBefore);
    });
  });

  describe('API surface', () => {
    it('/api/docs/json lists every account call', async () => {
      const res = await get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      const expected: [string, string][] = [
        ['post', '/api/account/login'],
        ['get', '/api/account/me'],
        ['post', '/api/account/register'],
        ['post', '/api/account/verify'],
        ['post', '/api/account/verify/resend'],
        ['post', '/api/account/profile'],
        ['post', '/api/account/password'],
        ['post', '/api/account/forgot-password'],
        ['post', '/api/account/reset-password'],
        ['post', '/api/account/logout'],
        ['post', '/api/account/logout-all'],
        ['post', '/api/account/avatar'],
        ['delete', '/api/account'],
      ];
      for (const [method, path] of expected) {
        expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
      }
    });

    it('answers malformed JSON with a 400 JSON error, never 500', async () => {
      const send = (payload: string, contentType = 'application/json') =>
        t.request({
          method: 'POST',
          url: '/api/account/login',
          payload,
          headers: { 'content-type': contentType },
        });
      for (const payload of ['{"email":', '{email: "a"}', 'null', '[]', '"text"', '42']) {
        const res = await send(payload);
        expect(res.statusCode, `${payload} -> ${res.body}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        const body = res.json<ErrorBody>();
        expect(typeof body.error).toBe('string');
        expect(typeof body.code).toBe('string');
        expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
      }
      const empty = await send('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().code).toBe(ErrorCode.BAD_REQUEST);

      const register = await t.request({
        method: 'POST',
        url: '/api/account/register',
        payload: '{"firstName": "Ada",',
        headers: { 'content-type': 'application/json' },
      });
      expect(register.statusCode).toBe(400);
      expect(register.json<ErrorBody>().code).toBe(ErrorCode.BAD_REQUEST);

      // Plain text is parsed as a string, which is not a login form.
      const plain = await send('email=a@example.test', 'text/plain');
      expect(plain.statusCode).toBe(400);
      expect(plain.json<ErrorBody>().code).toBe(ErrorCode.VALIDATION);
      const xml = await send('<login><email>a@example.test</email></login>', 'application/xml');
      expect(xml.statusCode).toBe(415);
      expect(xml.json<ErrorBody>().code).toBe(ErrorCode.UNSUPPORTED_MEDIA);
    });

    it('answers an unknown /api path with a 404 JSON error', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['POST', '/api/account/nope'],
        ['GET', '/api/account/login'],
      ] as const) {
        const res = await t.request({ method, url });
        expectError(res, 404, Msg.notFound, ErrorCode.NOT_FOUND);
      }
    });
  });
});

describe('accounts API rate limits', () => {
  let limited: TestApp;
  const rlPost = (url: string, payload: object) => limited.request({ method: 'POST', url, payload });

  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 RATE_LIMITED to the 4th failed sign-in for one email, not to other emails', async () => {
    const email = uniqueEmail('rl-login');
    expect((await rlPost('/api/account/register', registration(email))).statusCode).toBe(201);
    const password = passwordIn(await limited.mail.waitFor(email));

    for (let i = 0; i < 3; i++) {
      const res = await rlPost('/api/account/login', { email, password: `wrong-${i}-password` });
      expectError(res, 401, Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
    }
    const fourth = await rlPost('/api/account/login', {
      email: email.toUpperCase(),
      password: 'wrong-again',
    });
    expectError(fourth, 429, Msg.rateLimited, ErrorCode.RATE_LIMITED);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Msg.rateLimited).toMatch(/wait/i);
    // Even the right password waits now.
    expectError(
      await rlPost('/api/account/login', { email, password }),
      429,
      Msg.rateLimited,
      ErrorCode.RATE_LIMITED,
    );

    // Another address is not blocked by this one's failures.
    const other = await rlPost('/api/account/login', {
      email: uniqueEmail('rl-other'),
      password: 'whatever-1',
    });
    expectError(other, 401, Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
  });

  it('limits password reset requests per email', async () => {
    const email = uniqueEmail('rl-forgot');
    expect((await rlPost('/api/account/register', registration(email))).statusCode).toBe(201);
    const welcome = await limited.mail.waitFor(email);
    for (let i = 0; i < 3; i++) {
      const res = await rlPost('/api/account/forgot-password', { email });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: Msg.resetLinkSent });
    }
    const fourth = await rlPost('/api/account/forgot-password', { email });
    expectError(fourth, 429, Msg.rateLimited, ErrorCode.RATE_LIMITED);
    // The three allowed requests each sent a link; the refused one did not.
    const resetMails = () =>
      limited.mail.received.filter((m) => m.to.includes(email) && m !== welcome && hasLink('newpassword')(m));
    await expect.poll(() => resetMails().length, { timeout: 15_000 }).toBe(3);
  });

  it('limits requests per IP address across emails (three times the per-email limit)', async () => {
    for (let i = 0; i < 9; i++) {
      const res = await rlPost('/api/account/reset-password', {
        token: `unknown-token-${i}`,
        password: 'long-enough',
      });
      expectError(res, 400, Msg.tokenInvalid, ErrorCode.TOKEN_INVALID);
    }
    const tenth = await rlPost('/api/account/reset-password', {
      token: 'unknown-token-x',
      password: 'long-enough',
    });
    expectError(tenth, 429, Msg.rateLimited, ErrorCode.RATE_LIMITED);
  });
});
