/**
 * Shared setup of the account API suites (src/server/modules/account/account-*.routes.test.ts): the
 * real app (routing, validation, auth, jobs, mail) on a throw-away database with a real SMTP sink,
 * and the calls and people the suites act through. `t` is set by `setupAccountApp()` before the first
 * test runs.
 */
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { hasLink, passwordIn } from './account-mails';
import { uniqueEmail } from './api-actors';
import { multipart } from './multipart';
import { setupRouteFixture } from './route-fixture';
import type { ReceivedMail } from './smtp-sink';
import type { TestApp } from './test-app';

/** The JWT_SECRET every test app is built with (tests/support/test-app.ts). */
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const ANDROID_APP_URL = 'https://play.google.com/store/apps/details?id=test.broadcast.app';

export let t: TestApp;

/** Start the app with these settings before the suite's tests; close it after. */
export function setupAccountApp(env: Record<string, string> = {}) {
  const fixture = setupRouteFixture({ env, admin: false });
  beforeAll(() => {
    t = fixture.t;
  });
}

export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phone: '+421 900 123 456',
  terms: true,
  ...extra,
});

export const post = (url: string, payload?: unknown, token?: string, remoteAddress?: string) =>
  t.request({
    method: 'POST',
    url,
    token,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
export const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
export const me = (token: string) => get('/api/account/me', token);

export interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

/** An error answer as the design promises it: JSON `{ error, code, fields? }`, nothing else. */
export function expectError(
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
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ErrorBody>();
  expect(body.code).toBe(ErrorCode.VALIDATION);
  expect(body.fields?.[field]).toBe(message);
  expect(typeof body.error).toBe('string');
}

/** A mail to `to` that arrived after the sink held `since` messages (and matching `where`). */
export const mailAfter = (since: number, to: string, where: (m: ReceivedMail) => boolean = () => true) =>
  t.mail.waitFor(to, (m) => t.mail.received.indexOf(m) >= since && where(m));

/** Register through the API and read the welcome email. */
export async function registerUser(tag: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(tag);
  const res = await post('/api/account/register', registration(email, extra));
  expect(res.statusCode, res.body).toBe(201);
  const welcome = await t.mail.waitFor(email, hasLink('verify'));
  return { email, welcome, password: passwordIn(welcome), id: res.json<{ user: { id: string } }>().user.id };
}

export async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/api/account/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

/** A registered, signed-in user. */
export async function newUser(tag: string, extra: Record<string, unknown> = {}) {
  const user = await registerUser(tag, extra);
  return { ...user, token: await signIn(user.email, user.password) };
}

export const uploadAvatar = async (token: string, parts: Parameters<typeof multipart>[0]) =>
  t.request({ method: 'POST', url: '/api/account/avatar', token, ...(await multipart(parts)) });

export const redPng = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

/** Forge a bearer token with the claims of a real one. */
export const forgeToken = (claimsOf: string, secret: string, exp: number) => {
  const claims = decodeJwt(claimsOf);
  return new SignJWT({ sid: claims.sid, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub!)
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
};
export const nowSeconds = () => Math.floor(Date.now() / 1000);
