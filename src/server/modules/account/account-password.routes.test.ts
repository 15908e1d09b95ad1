/**
 * The accounts API over HTTP, end to end (change, forgot and reset password): the real app (routing,
 * validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Assertions are what a
 * client sees: status codes, `{ error, code, fields? }` bodies with the spec's messages, and the
 * emails that arrive. Shared setup and helpers: tests/support/account-api.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ANDROID_APP_URL,
  expectError,
  expectFieldError,
  mailAfter,
  me,
  newUser,
  post,
  registerUser,
  setupAccountApp,
  signIn,
  t,
} from '../../../../tests/support/account-api';
import { hasLink, linkToken } from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('accounts API', () => {
  setupAccountApp({ ANDROID_APP_URL });

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
});
