/**
 * Shared setup of the establishments API suites (src/server/modules/establishments/establishments-*.routes.test.ts):
 * the real app on a throw-away database with a real SMTP sink, an admin, and the helpers the suites
 * act through. Users of each role are created directly in the database as setup; everything else
 * goes over HTTP. `t` and `admin` are set by `setupEstablishmentsApp()` before the first test runs.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { defaultWebDistDir as webDistDir } from '../../src/server/config';
import { ErrorCode } from '../../src/shared/errors';
import { Msg } from '../../src/shared/messages';
import type { Role } from '../../src/shared/permissions';
import type { Establishment } from '../../src/shared/schemas/establishment.schema';
import { TEST_PUBLIC_URL } from './account-mails';
import { actors, type Session } from './api-actors';
import { multipart } from './multipart';
import { setupRouteFixture } from './route-fixture';
import type { ReceivedMail } from './smtp-sink';
import type { TestApp } from './test-app';

export { passwordIn, TEST_PUBLIC_URL as PUBLIC_URL } from './account-mails';
export { type Session, uniqueEmail } from './api-actors';

export let t: TestApp;
export let admin: Session;

/**
 * Start the app (and make the admin) before the suite's tests; close it after. With `webBuild`, the
 * web app is built first if it is not: the Open Graph page is index.html with tags added.
 */
export function setupEstablishmentsApp({ webBuild = false }: { webBuild?: boolean } = {}) {
  const fixture = setupRouteFixture({
    before: () => {
      if (webBuild && !existsSync(path.join(webDistDir, 'index.html')))
        execSync('npx vite build', { stdio: 'ignore' });
    },
    timeoutMs: 180_000,
  });
  beforeAll(() => {
    ({ t, admin } = fixture);
  });
}

let seq = 0;
/** A word no other test uses, to find one test's establishments by search. */
export const uniqueWord = (tag: string) => `${tag}${Date.now().toString(36)}${++seq}`;

export interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

interface MeUser {
  id: string;
  role: string;
  establishments: { establishmentId: string; kind: 'client' | 'customer' }[];
}

export const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
export const post = (url: string, payload?: unknown, token?: string) =>
  t.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
export const put = (url: string, payload: unknown, token?: string) =>
  t.request({ method: 'PUT', url, token, payload: payload as object });
export const patch = (url: string, payload: unknown, token?: string) =>
  t.request({ method: 'PATCH', url, token, payload: payload as object });
export const del = (url: string, token?: string) => t.request({ method: 'DELETE', url, token });
export const me = async (token: string) => {
  const res = await get('/api/account/me', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: MeUser }>().user;
};

/** An error answer as the design promises it: JSON `{ error, code, fields? }`, nothing else. */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  error?: string,
  code?: string,
  fields?: Record<string, string>,
): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(typeof body.error).toBe('string');
  expect(typeof body.code).toBe('string');
  if (error !== undefined) expect(body.error).toBe(error);
  if (code) expect(body.code).toBe(code);
  if (fields) expect(body.fields).toMatchObject(fields);
  expect(Object.keys(body).every((key) => ['error', 'code', 'fields'].includes(key))).toBe(true);
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
  return body;
}

export const expectForbidden = (res: LightMyRequestResponse) =>
  expectError(res, 403, Msg.forbidden, ErrorCode.FORBIDDEN);
export const expectUnauthorized = (res: LightMyRequestResponse) =>
  expectError(res, 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
export const expectGone = (res: LightMyRequestResponse) =>
  expectError(res, 404, Msg.establishmentNotFound, ErrorCode.NOT_FOUND);

/** A 400 validation answer naming `field` with `message`. */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  const body = expectError(res, 400, undefined, ErrorCode.VALIDATION);
  expect(body.fields?.[field], res.body).toBe(message);
}

/** Never a 500, never a stack trace: a 4xx JSON error. */
export function expectClientError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body}`).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(typeof body.error).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
}

export async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/api/account/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

/** SETUP only: a user of this role written straight to the database, then signed in over HTTP. */
export const userWithRole = (role: Role, tag: string = role): Promise<Session> =>
  actors(t).userWithRole(role, tag);

/** A complete, valid establishment profile. */
export const profile = (extra: Record<string, unknown> = {}) => ({
  name: 'Café Roma',
  subheader: 'Coffee, cake and good company',
  email: 'hello@roma.example',
  phone: '+421 2 1234 5678',
  website: 'https://roma.example',
  address1: 'Main Street 1',
  address2: '',
  city: 'Bratislava',
  state: 'Bratislava Region',
  zip: '811 01',
  country: 'Slovakia',
  businessId: '12345678',
  taxId: '2020123456',
  vatNumber: 'SK2020123456',
  ...extra,
});

export const clientPerson = (email: string) => ({
  firstName: 'Clara',
  lastName: 'Client',
  email,
  phone: '+421 905 111 222',
});

/** An admin creates an establishment over HTTP. */
export async function createEstablishment(extra: Record<string, unknown> = {}): Promise<Establishment> {
  const res = await post('/api/establishments', profile(extra), admin.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ establishment: Establishment }>().establishment;
}

/** An admin adds an existing user to an establishment over HTTP. */
export async function addMember(establishmentId: string, email: string, kind: 'client' | 'customer') {
  const res = await post(`/api/establishments/${establishmentId}/members`, { email, kind }, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { userId: string; kind: string; email: string }[] }>();
}

/** A signed-in client operating this establishment. */
export async function clientOf(establishmentId: string, tag = 'client'): Promise<Session> {
  const user = await userWithRole('customer', tag);
  await addMember(establishmentId, user.email, 'client');
  return user;
}

/** A signed-in customer following this establishment. */
export async function followerOf(establishmentId: string, tag = 'follower'): Promise<Session> {
  const user = await userWithRole('customer', tag);
  const res = await post(`/api/establishments/${establishmentId}/follow`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** Follow the verification link of an email, as the person would: POST /api/account/verify with its token. */
export async function verifyByLink(mail: ReceivedMail) {
  const link = mail.links.find((l) => l.startsWith(`${TEST_PUBLIC_URL}/verify/`));
  expect(link, mail.text).toBeDefined();
  const res = await post('/api/account/verify', { token: link!.split('/').pop() });
  expect(res.statusCode, res.body).toBe(200);
}

/** The private fields only operators get; a follower's view carries none of them. */
export const OPERATOR_ONLY = [
  'state',
  'businessId',
  'taxId',
  'vatNumber',
  'timeZone',
  'active',
  'registeredById',
  'clientCount',
  'createdAt',
  'updatedAt',
] as const;
/** Exactly what a follower's view holds: the public page's fields, the view's name and the state. */
export const FOLLOWER_FIELDS = [
  'audience',
  'id',
  'publicId',
  'name',
  'subheader',
  'email',
  'phone',
  'website',
  'address1',
  'address2',
  'city',
  'zip',
  'country',
  'logo',
  'cover',
  'followerCount',
  'status',
  'blocked',
].sort();

export const png = (width: number, height: number, background = '#f00') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
export const pngPart = (buffer: Buffer, filename = 'picture.png') => ({
  name: 'file',
  value: new Blob([new Uint8Array(buffer)], { type: 'image/png' }),
  filename,
});

export const upload = async (
  url: string,
  token: string | undefined,
  parts: Parameters<typeof multipart>[0],
) => t.request({ method: 'POST', url, token, ...(await multipart(parts)) });

export const establishmentOf = (res: LightMyRequestResponse) =>
  res.json<{ establishment: Establishment }>().establishment;

export const listIds = async (token: string, query = '') => {
  const res = await get(`/api/establishments${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Establishment[] }>().items.map((e) => e.id);
};

export function listedBody(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
