/**
 * Account safety over HTTP (what people typed cannot become a link in our emails; each address gets a
 * capped number of emails per hour; housekeeping purges dead sessions and spent tokens; push receipt
 * tokens are keyed by a key derived from the JWT secret), on the real app with its job workers and a
 * real SMTP sink. Shared setup and helpers: tests/support/account-api.ts and
 * tests/support/account-safety.ts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  JWT_SECRET,
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
import { expectError, jobsDone, mailsTo } from '../../../../tests/support/account-safety';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { authTokens, mailQuota, sessions } from '../../db/schema';
import { passwordResetJob } from '../../jobs/account-mail.job';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { MAIL_LIMIT_PER_HOUR } from './mail-quota';

describe('account safety', () => {
  setupAccountApp();

  describe('emails', () => {
    it('never carry a working link chosen by whoever typed a name', async () => {
      const firstNames = [
        'http://evil.example/x',
        'evil.example',
        'Eve\r\nVisit evil\u3002example\u202Etoday',
      ];
      for (const firstName of firstNames) {
        const { welcome } = await registerUser('linkless', { firstName });
        for (const part of [welcome.text, welcome.html]) {
          expect(part).not.toMatch(/evil[.\u3002]example/);
          expect(part).not.toContain('http://evil');
          expect(part).not.toContain('\u202E');
        }
        expect(welcome.links.filter((link) => link.includes('evil'))).toEqual([]);
        // The name is still there to read, on the greeting's one line.
        expect(welcome.text).toMatch(/^Hello .*evil\[\.\]example.*,$/m);
      }
      const { welcome } = await registerUser('linkless-url', { firstName: 'http://evil.example/x' });
      expect(welcome.text).toContain('Hello http[:]//evil[.]example/x,');
    });

    it(`sends at most ${MAIL_LIMIT_PER_HOUR.reset} reset emails per address an hour; the answer stays the same`, async () => {
      const { email } = await registerUser('cap-reset');
      const tries = MAIL_LIMIT_PER_HOUR.reset + 2;
      for (let i = 0; i < tries; i++) {
        const res = await post('/api/account/forgot-password', { email });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ message: Msg.resetLinkSent });
      }
      await jobsDone(passwordResetJob.queue, 'email', email, tries);
      expect(mailsTo(email, hasLink('newpassword'))).toHaveLength(MAIL_LIMIT_PER_HOUR.reset);
      // The count lives in the database, where every process reads and writes it.
      const [row] = await t.ctx.db
        .select({ count: mailQuota.count })
        .from(mailQuota)
        .where(sql`${mailQuota.address} = ${email} AND ${mailQuota.kind} = 'reset'`);
      expect(row?.count).toBe(MAIL_LIMIT_PER_HOUR.reset);
    });

    it(`answers 429 to "resend verification" once the address had ${MAIL_LIMIT_PER_HOUR.verification} verification emails this hour`, async () => {
      const user = await newUser('cap-verify');
      // The welcome email was the first; each resend (from its own IP, under the per-IP limit) another.
      for (let i = 1; i < MAIL_LIMIT_PER_HOUR.verification; i++) {
        const since = t.mail.received.length;
        const res = await post('/api/account/verify/resend', undefined, user.token, `10.8.0.${i}`);
        expect(res.statusCode, res.body).toBe(200);
        await mailAfter(since, user.email, hasLink('verify'));
      }
      const refused = await post('/api/account/verify/resend', undefined, user.token, '10.8.1.1');
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toEqual({ error: Msg.tooManyEmails, code: ErrorCode.RATE_LIMITED });
      expect(mailsTo(user.email, hasLink('verify'))).toHaveLength(MAIL_LIMIT_PER_HOUR.verification);
    });
  });

  describe('housekeeping', () => {
    it('purges expired and signed-out sessions and used or expired tokens; live ones keep working', async () => {
      const user = await newUser('housekeeping');
      const signedOut = await signIn(user.email, user.password);
      const expiring = await signIn(user.email, user.password);
      expect((await post('/api/account/logout', undefined, signedOut)).statusCode).toBe(200);
      // Setup: one session past its expiry (waiting 30 days is not an option).
      const expiringSid = JSON.parse(Buffer.from(expiring.split('.')[1]!, 'base64url').toString()).sid;
      await t.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, expiringSid));

      // A used token (the welcome link), a live reset link, and an expired one.
      expect(
        (await post('/api/account/verify', { token: linkToken(user.welcome, 'verify') })).statusCode,
      ).toBe(200);
      const resetLink = async () => {
        const since = t.mail.received.length;
        expect((await post('/api/account/forgot-password', { email: user.email })).statusCode).toBe(200);
        return linkToken(await mailAfter(since, user.email, hasLink('newpassword')), 'newpassword');
      };
      await resetLink();
      await t.ctx.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(sql`${authTokens.userId} = ${user.id} AND ${authTokens.purpose} = 'reset_password'`);
      const liveReset = await resetLink();

      const count = async () => ({
        sessions: (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
        tokens: (await t.ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).length,
      });
      // Five sessions: the one registering opened (ended when the link was opened elsewhere), the one
      // the link opened (no session sent with it), the password's, the signed-out and the expired ones.
      expect(await count()).toEqual({ sessions: 5, tokens: 3 });

      await t.ctx.jobs.send(housekeepingJob, {});
      await expect.poll(count, { timeout: 15_000 }).toEqual({ sessions: 2, tokens: 1 });

      expect((await me(user.token)).statusCode).toBe(200);
      expect((await me(signedOut)).statusCode).toBe(401);
      expect((await me(expiring)).statusCode).toBe(401);
      const reset = await post('/api/account/reset-password', {
        token: liveReset,
        password: 'after-cleanup-1',
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  });

  describe('push receipt tokens', () => {
    it('are signed with a key derived from the JWT secret, not with the secret itself', async () => {
      const notificationId = randomUUID();
      const subscriptionId = randomUUID();
      const event = (receipt: string) =>
        post(`/api/notifications/${notificationId}/events`, { type: 'received', receipt });
      // A receipt MAC'd with the JWT secret as key is refused as forged...
      const withRawSecret = createHmac('sha256', JWT_SECRET)
        .update(`receipt:${notificationId}:${subscriptionId}`)
        .digest()
        .subarray(0, 16)
        .toString('base64url');
      expectError(await event(`${subscriptionId}.${withRawSecret}`), 400, ErrorCode.VALIDATION, {
        receipt: Msg.receiptInvalid,
      });
      // ...while one from the app's receipt key passes the check (and finds no such delivery).
      const genuine = t.ctx.push.receipts.issue(notificationId, subscriptionId);
      expect(genuine).not.toBe(`${subscriptionId}.${withRawSecret}`);
      expectError(await event(genuine), 404, ErrorCode.NOT_FOUND);
    });
  });
});
