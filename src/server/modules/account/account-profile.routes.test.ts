/**
 * The accounts API over HTTP, end to end (profile, resend verification and delete account): the real
 * app (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink.
 * Assertions are what a client sees: status codes, `{ error, code, fields? }` bodies with the spec's
 * messages, and the emails that arrive. Shared setup and helpers: tests/support/account-api.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ANDROID_APP_URL,
  expectError,
  expectFieldError,
  get,
  mailAfter,
  me,
  newUser,
  post,
  redPng,
  registration,
  setupAccountApp,
  signIn,
  t,
  uploadAvatar,
} from '../../../../tests/support/account-api';
import { hasLink, linkToken, passwordIn } from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('accounts API', () => {
  setupAccountApp({ ANDROID_APP_URL });

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
      expect(verified.json()).toMatchObject({ message: Msg.verified });
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

      expect((await post('/api/account/verify', { token: fresh })).json()).toMatchObject({
        message: Msg.verified,
      });
      expect((await me(token)).json().user.emailVerified).toBe(true);

      const again = await post('/api/account/verify/resend', undefined, token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: Msg.alreadyVerified });
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

      const res = await t.request({
        method: 'DELETE',
        url: '/api/account',
        token,
        payload: { currentPassword: password },
      });
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
});
