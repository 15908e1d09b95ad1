/**
 * The accounts API over HTTP, end to end (register and verify): the real app (routing, validation,
 * auth, jobs, mail) on a throw-away database, with a real SMTP sink. Assertions are what a client
 * sees: status codes, `{ error, code, fields? }` bodies with the spec's messages, and the emails that
 * arrive. Shared setup and helpers: tests/support/account-api.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ANDROID_APP_URL,
  expectError,
  expectFieldError,
  me,
  post,
  registerUser,
  registration,
  setupAccountApp,
  signIn,
  t,
} from '../../../../tests/support/account-api';
import {
  linkToken,
  TEST_PUBLIC_URL as PUBLIC_URL,
  passwordIn,
} from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';

describe('accounts API', () => {
  setupAccountApp({ ANDROID_APP_URL });

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
      expect(verified.json()).toMatchObject({ message: Msg.verified });
      expect(Msg.verified).toBe('You are now verified.');

      const after = await me(token);
      expect(after.json().user.emailVerified).toBe(true);

      // Opened again: not a failure to someone verified, and no session from a used link.
      const again = await post('/api/account/verify', { token: verifyToken });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({
        message: Msg.alreadyVerified,
        alreadyVerified: true,
        establishmentId: null,
      });
      expect(Msg.alreadyVerified).toBe('Your email is already verified.');
    });

    it('a used link of an address changed since is still refused', async () => {
      const { email, welcome, password } = await registerUser('reused');
      const token = await signIn(email, password);
      const verifyToken = linkToken(welcome, 'verify');
      expect((await post('/api/account/verify', { token: verifyToken })).statusCode).toBe(200);
      // The account moves to a new, unconfirmed address: the old link proves nothing about it.
      const { firstName, lastName, phone } = (await me(token)).json().user;
      const moved = await post(
        '/api/account/profile',
        { firstName, lastName, phone, email: uniqueEmail('moved'), currentPassword: password },
        token,
      );
      expect(moved.statusCode, moved.body).toBe(200);
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

    it('lets exactly one of two identical registrations sent at once succeed', {
      tags: ['postgres'],
    }, async () => {
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
});
