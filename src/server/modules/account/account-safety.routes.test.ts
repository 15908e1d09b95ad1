/**
 * Account safety over HTTP (issue 10, accounts items 1, 3, 5 and 16 in part), on the real app with
 * its job workers and a real SMTP sink: changing the email needs the password, tells the old address
 * and spends every link sent before; a link verifies only the address it went to; forgot-password
 * answers and works alike whether or not the account exists; what people typed cannot become a link
 * in our emails; each address gets a capped number of emails per hour; housekeeping purges dead
 * sessions and spent tokens; push receipt tokens are keyed by a key derived from the JWT secret.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasLink, linkToken, passwordIn } from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { authTokens, mailQuota, sessions } from '../../db/schema';
import { emailChangedJob, passwordResetJob, verificationJob } from '../../jobs/account-mail.job';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { newSingleUseToken } from '../../lib/single-use-tokens';
import { insertAuthToken } from './account.repo';
import { MAIL_LIMIT_PER_HOUR } from './mail-quota';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

let t: TestApp;

const post = (url: string, payload?: unknown, token?: string, remoteAddress?: string) =>
  t.request({
    method: 'POST',
    url,
    token,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const me = (token: string) => t.request({ method: 'GET', url: '/api/account/me', token });

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  fields?: Record<string, string>,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe(code);
  if (fields) expect(body.fields).toEqual(fields);
  return body;
}

const mailsTo = (to: string, where: (m: ReceivedMail) => boolean = () => true) =>
  t.mail.received.filter((m) => m.to.includes(to.toLowerCase()) && where(m));
const mailAfter = (since: number, to: string, where: (m: ReceivedMail) => boolean = () => true) =>
  t.mail.waitFor(to, (m) => t.mail.received.indexOf(m) >= since && where(m));

async function registerUser(tag: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(tag);
  const res = await post('/api/account/register', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phone: '+421 900 123 456',
    terms: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const welcome = await t.mail.waitFor(email, hasLink('verify'));
  return { email, welcome, password: passwordIn(welcome), id: res.json<{ user: { id: string } }>().user.id };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/api/account/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

async function newUser(tag: string, extra: Record<string, unknown> = {}) {
  const user = await registerUser(tag, extra);
  return { ...user, token: await signIn(user.email, user.password) };
}

const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phone: '+421 900 123 456',
  ...extra,
});

/** The jobs of a queue whose payload has `key` = `value`, by state. */
async function jobsOf(queue: string, key: string, value: string) {
  const { rows } = await t.ctx.database.sql.executeSql(
    `SELECT state FROM pgboss.job WHERE name = $1 AND data->>$2 = $3`,
    [queue, key, value],
  );
  return (rows as { state: string }[]).map((r) => r.state);
}

/** Wait until every job of the queue for this payload value has run. */
async function jobsDone(queue: string, key: string, value: string, count: number) {
  await expect
    .poll(async () => (await jobsOf(queue, key, value)).filter((s) => s === 'completed').length, {
      timeout: 15_000,
    })
    .toBe(count);
}

describe('account safety', () => {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

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
      expect(notice.html).toContain('<html lang="de">');
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
      expect(await count()).toEqual({ sessions: 3, tokens: 3 });

      await t.ctx.jobs.send(housekeepingJob, {});
      await expect.poll(count, { timeout: 15_000 }).toEqual({ sessions: 1, tokens: 1 });

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
