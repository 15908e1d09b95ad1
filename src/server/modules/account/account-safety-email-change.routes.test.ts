/**
 * Account safety over HTTP (changing the email needs the password, tells the old address and spends
 * every link sent before; a link verifies only the address it went to; forgot-password answers alike
 * whether or not the account exists), on the real app with its job workers and a real SMTP sink.
 * Shared setup and helpers: tests/support/account-api.ts and tests/support/account-safety.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  mailAfter,
  me,
  newUser,
  post,
  registerUser,
  setupAccountApp,
  t,
} from '../../../../tests/support/account-api';
import { hasLink, linkToken } from '../../../../tests/support/account-mails';
import { expectError, jobsDone, jobsOf, mailsTo, profile } from '../../../../tests/support/account-safety';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { emailChangedJob, passwordResetJob, verificationJob } from '../../jobs/account-mail.job';
import { newSingleUseToken } from '../../lib/single-use-tokens';
import { insertAuthToken } from './auth-tokens.repo';

describe('account safety', () => {
  setupAccountApp();

  describe('changing the email', () => {
    it('needs the current password: missing or wrong is a 400 on currentPassword, and nothing changes', async () => {
      const user = await newUser('change-pw');
      const other = await registerUser('change-pw-other');
      const target = uniqueEmail('change-pw-new');

      expectError(
        await post('/api/account/profile', profile(target), user.token),
        400,
        ErrorCode.CURRENT_PASSWORD_REQUIRED,
        { currentPassword: Msg.currentPasswordForEmail },
      );
      expectError(
        await post('/api/account/profile', profile(target, { currentPassword: '' }), user.token),
        400,
        ErrorCode.CURRENT_PASSWORD_REQUIRED,
        { currentPassword: Msg.currentPasswordForEmail },
      );
      expectError(
        await post(
          '/api/account/profile',
          profile(target, { currentPassword: `${user.password}x` }),
          user.token,
        ),
        400,
        ErrorCode.WRONG_PASSWORD,
        { currentPassword: Msg.currentPasswordWrong },
      );
      // Without the password nobody learns that an address has an account (no 409).
      expectError(
        await post('/api/account/profile', profile(other.email), user.token),
        400,
        ErrorCode.CURRENT_PASSWORD_REQUIRED,
      );
      expect((await me(user.token)).json().user.email).toBe(user.email);
      expect(await jobsOf(verificationJob.queue, 'userId', user.id)).toEqual([]);

      // Other profile changes do not ask for it.
      const rename = await post(
        '/api/account/profile',
        profile(user.email, { firstName: 'Augusta' }),
        user.token,
      );
      expect(rename.statusCode, rename.body).toBe(200);
    });

    it('tells the old address, in the user language, without a link; the new one gets its verification link', async () => {
      const user = await newUser('change-tell');
      const target = uniqueEmail('change-tell-new');
      const since = t.mail.received.length;
      const res = await post(
        '/api/account/profile',
        profile(target, { currentPassword: user.password, language: 'de' }),
        user.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ email: target, emailVerified: false });

      const notice = await mailAfter(since, user.email);
      expect(notice.subject).toBe('Ihre E-Mail-Adresse wurde geändert');
      expect(notice.text).toContain('Hallo Ada,');
      expect(notice.text).toContain('support@localhost');
      expect(notice.html).toContain('<html lang="de-DE">');
      expect(notice.html).toContain('Die E-Mail-Adresse Ihres Broadcast-Kontos wurde');
      expect(notice.links).toEqual([]);
      // Not the new address either: the old one learns only that it changed.
      expect(notice.text).not.toContain(target);
      expect(notice.html).not.toContain(target);
      await mailAfter(since, target, hasLink('verify'));
      expect(mailsTo(user.email).filter((m) => t.mail.received.indexOf(m) >= since)).toHaveLength(1);
      expect(await jobsOf(emailChangedJob.queue, 'userId', user.id)).toHaveLength(1);
    });

    it("a link sent before the change cannot verify someone else's address (the reported attack)", async () => {
      // Register with one's own address, change it to the victim's, open the first link.
      const attacker = await newUser('attacker');
      const victim = uniqueEmail('victim');
      const since = t.mail.received.length;
      const changed = await post(
        '/api/account/profile',
        profile(victim, { currentPassword: attacker.password }),
        attacker.token,
      );
      expect(changed.statusCode, changed.body).toBe(200);

      const stale = await post('/api/account/verify', { token: linkToken(attacker.welcome, 'verify') });
      expectError(stale, 400, ErrorCode.TOKEN_INVALID, { token: Msg.tokenInvalid });
      expect((await me(attacker.token)).json().user).toMatchObject({ email: victim, emailVerified: false });

      // Only the link that went to the victim's inbox verifies the victim's address.
      const toVictim = await mailAfter(since, victim, hasLink('verify'));
      const ok = await post('/api/account/verify', { token: linkToken(toVictim, 'verify') });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await me(attacker.token)).json().user.emailVerified).toBe(true);
    });

    it('spends a reset link sent to the old address', async () => {
      const user = await newUser('change-reset');
      const since = t.mail.received.length;
      expect((await post('/api/account/forgot-password', { email: user.email })).statusCode).toBe(200);
      const resetToken = linkToken(await mailAfter(since, user.email, hasLink('newpassword')), 'newpassword');

      const changed = await post(
        '/api/account/profile',
        profile(uniqueEmail('change-reset-new'), { currentPassword: user.password }),
        user.token,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      const res = await post('/api/account/reset-password', { token: resetToken, password: 'taken-over-1' });
      expectError(res, 400, ErrorCode.TOKEN_INVALID);
      expect(
        (await post('/api/account/login', { email: user.email, password: 'taken-over-1' })).statusCode,
      ).toBe(401);
    });

    it('a token verifies only the address it was emailed to, even if it was never revoked', async () => {
      const user = await newUser('bound');
      // A link for another address (as a verification job that read the old address just before a
      // change would make), written as setup.
      const { token, hash } = newSingleUseToken();
      await insertAuthToken(t.ctx.db, {
        userId: user.id,
        purpose: 'verify_email',
        tokenHash: hash,
        email: uniqueEmail('somebody-else'),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      expectError(await post('/api/account/verify', { token }), 400, ErrorCode.TOKEN_INVALID);
      expect((await me(user.token)).json().user.emailVerified).toBe(false);

      // The same kind of row for the user's own address verifies (the test above fails for the right reason).
      const own = newSingleUseToken();
      await insertAuthToken(t.ctx.db, {
        userId: user.id,
        purpose: 'verify_email',
        tokenHash: own.hash,
        email: user.email.toUpperCase(),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      expect((await post('/api/account/verify', { token: own.token })).statusCode).toBe(200);
      expect((await me(user.token)).json().user.emailVerified).toBe(true);
    });
  });

  describe('forgot password does not tell whether an account exists', () => {
    it('answers identically (status, body, headers) and queues exactly one job either way', async () => {
      const { email } = await registerUser('enum-known');
      const unknown = uniqueEmail('enum-unknown');
      // Each from its own address, so the per-IP rate-limit headers start from the same count.
      const forKnown = await post('/api/account/forgot-password', { email }, undefined, '10.9.0.1');
      const forUnknown = await post(
        '/api/account/forgot-password',
        { email: unknown },
        undefined,
        '10.9.0.2',
      );

      expect(forKnown.statusCode).toBe(200);
      expect(forUnknown.statusCode).toBe(forKnown.statusCode);
      expect(forUnknown.body).toBe(forKnown.body);
      const comparable = (res: LightMyRequestResponse) => {
        const { date: _date, 'x-ratelimit-reset': _reset, ...rest } = res.headers;
        return rest;
      };
      expect(comparable(forUnknown)).toEqual(comparable(forKnown));

      // The same database work on the request path: one job carrying the address, whatever it is.
      expect(await jobsOf(passwordResetJob.queue, 'email', email)).toHaveLength(1);
      expect(await jobsOf(passwordResetJob.queue, 'email', unknown)).toHaveLength(1);
      // The job decides: a link for the account, nothing for the stranger.
      await jobsDone(passwordResetJob.queue, 'email', email, 1);
      await jobsDone(passwordResetJob.queue, 'email', unknown, 1);
      expect(mailsTo(email, hasLink('newpassword'))).toHaveLength(1);
      expect(mailsTo(unknown)).toEqual([]);
    });

    it('registration still answers 409 "Email already exists."', async () => {
      const { email } = await registerUser('enum-register');
      const res = await post('/api/account/register', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        phone: '+421 900 123 456',
        terms: true,
      });
      expectError(res, 409, ErrorCode.EMAIL_EXISTS, { email: Msg.emailExists });
    });
  });
});
