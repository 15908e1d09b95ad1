/**
 * The accounts API over HTTP, end to end (rate limits): the real app (routing, validation, auth, jobs,
 * mail) on a throw-away database, with a real SMTP sink. Assertions are what a client sees: status
 * codes, `{ error, code, fields? }` bodies with the spec's messages, and the emails that arrive.
 * Shared setup and helpers: tests/support/account-api.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, registration } from '../../../../tests/support/account-api';
import { hasLink, passwordIn } from '../../../../tests/support/account-mails';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('accounts API rate limits', () => {
  let limited: TestApp;
  const rlPost = (url: string, payload: object) => limited.request({ method: 'POST', url, payload });

  const fixture = setupRouteFixture({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3' }, admin: false });
  beforeAll(() => {
    limited = fixture.t;
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
