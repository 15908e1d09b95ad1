/**
 * The establishments API over HTTP, end to end: the real app (routing, validation, auth, jobs, mail)
 * on a throw-away database, with a real SMTP sink. Users of each role are created directly in the
 * database as setup; everything asserted is what a client sees over HTTP: status codes,
 * `{ error, code, fields? }` bodies with the spec's messages, images, HTML and the emails that arrive.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../../tests/support/multipart';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';
import type { Role } from '../../../shared/permissions';
import { RESERVED_PATH_SEGMENTS } from '../../../shared/public-id';
import type { Establishment, GalleryImage } from '../../../shared/schemas/establishment.schema';
import { defaultWebDistDir as webDistDir } from '../../config';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../account/account.repo';
import { createAdmin } from '../account/admin-bootstrap';

const PUBLIC_URL = 'http://app.test';
const PASSWORD = 'correct-horse-battery-7';

let t: TestApp;
let seq = 0;

/** A fresh address per call, so tests never share a user. */
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.test`;
/** A word no other test uses, to find one test's establishments by search. */
const uniqueWord = (tag: string) => `${tag}${Date.now().toString(36)}${++seq}`;

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

interface Session {
  id: string;
  email: string;
  token: string;
}

interface MeUser {
  id: string;
  role: string;
  establishments: { establishmentId: string; kind: 'client' | 'customer' }[];
}

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const post = (url: string, payload?: unknown, token?: string) =>
  t.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const put = (url: string, payload: unknown, token?: string) =>
  t.request({ method: 'PUT', url, token, payload: payload as object });
const patch = (url: string, payload: unknown, token?: string) =>
  t.request({ method: 'PATCH', url, token, payload: payload as object });
const del = (url: string, token?: string) => t.request({ method: 'DELETE', url, token });
const me = async (token: string) => {
  const res = await get('/api/account/me', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: MeUser }>().user;
};

/** An error answer as the design promises it: JSON `{ error, code, fields? }`, nothing else. */
function expectError(
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

const expectForbidden = (res: LightMyRequestResponse) =>
  expectError(res, 403, Msg.forbidden, ErrorCode.FORBIDDEN);
const expectUnauthorized = (res: LightMyRequestResponse) =>
  expectError(res, 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
const expectGone = (res: LightMyRequestResponse) =>
  expectError(res, 404, Msg.establishmentNotFound, ErrorCode.NOT_FOUND);

/** A 400 validation answer naming `field` with `message`. */
function expectFieldError(res: LightMyRequestResponse, field: string, message: string) {
  const body = expectError(res, 400, undefined, ErrorCode.VALIDATION);
  expect(body.fields?.[field], res.body).toBe(message);
}

/** Never a 500, never a stack trace: a 4xx JSON error. */
function expectClientError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body}`).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(typeof body.error).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/api/account/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

/** SETUP only: a user of this role written straight to the database, then signed in over HTTP. */
async function userWithRole(role: Role, tag: string = role): Promise<Session> {
  const email = uniqueEmail(tag);
  if (role === 'admin') {
    await createAdmin(t.ctx.db, { email, password: PASSWORD });
  } else {
    await insertUser(t.ctx.db, {
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Test',
      lastName: role,
      phone: '+421 900 000 000',
      role,
      emailVerified: true,
    });
  }
  const token = await signIn(email, PASSWORD);
  return { id: (await me(token)).id, email, token };
}

/** A complete, valid establishment profile. */
const profile = (extra: Record<string, unknown> = {}) => ({
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

const clientPerson = (email: string) => ({
  firstName: 'Clara',
  lastName: 'Client',
  email,
  phone: '+421 905 111 222',
});

let admin: Session;

/** An admin creates an establishment over HTTP. */
async function createEstablishment(extra: Record<string, unknown> = {}): Promise<Establishment> {
  const res = await post('/api/establishments', profile(extra), admin.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ establishment: Establishment }>().establishment;
}

/** An admin adds an existing user to an establishment over HTTP. */
async function addMember(establishmentId: string, email: string, kind: 'client' | 'customer') {
  const res = await post(`/api/establishments/${establishmentId}/members`, { email, kind }, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { userId: string; kind: string; email: string }[] }>();
}

/** A signed-in client operating this establishment. */
async function clientOf(establishmentId: string, tag = 'client'): Promise<Session> {
  const user = await userWithRole('customer', tag);
  await addMember(establishmentId, user.email, 'client');
  return user;
}

/** A signed-in customer following this establishment. */
async function followerOf(establishmentId: string, tag = 'follower'): Promise<Session> {
  const user = await userWithRole('customer', tag);
  const res = await post(`/api/establishments/${establishmentId}/follow`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** Follow the verification link of an email, as the person would: POST /api/account/verify with its token. */
async function verifyByLink(mail: ReceivedMail) {
  const link = mail.links.find((l) => l.startsWith(`${PUBLIC_URL}/verify/`));
  expect(link, mail.text).toBeDefined();
  const res = await post('/api/account/verify', { token: link!.split('/').pop() });
  expect(res.statusCode, res.body).toBe(200);
}

/** The private fields only operators get; a follower's view carries none of them. */
const OPERATOR_ONLY = [
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
const FOLLOWER_FIELDS = [
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

/** The generated password the registration email carries. */
function passwordIn(mail: ReceivedMail): string {
  const match = mail.text.match(/Your password for signing in: (\S+)/);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

const png = (width: number, height: number, background = '#f00') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const pngPart = (buffer: Buffer, filename = 'picture.png') => ({
  name: 'file',
  value: new Blob([new Uint8Array(buffer)], { type: 'image/png' }),
  filename,
});

const upload = async (url: string, token: string | undefined, parts: Parameters<typeof multipart>[0]) =>
  t.request({ method: 'POST', url, token, ...(await multipart(parts)) });

const establishmentOf = (res: LightMyRequestResponse) =>
  res.json<{ establishment: Establishment }>().establishment;

const listIds = async (token: string, query = '') => {
  const res = await get(`/api/establishments${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Establishment[] }>().items.map((e) => e.id);
};

describe('establishments API', () => {
  beforeAll(async () => {
    // The Open Graph page is index.html with tags added: the web app must be built once.
    if (!existsSync(path.join(webDistDir, 'index.html'))) execSync('npx vite build', { stdio: 'ignore' });
    t = await startTestApp();
    admin = await userWithRole('admin');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('client signup by a representative', () => {
    it('creates the client and the establishment, emails the client a password, and records the representative', async () => {
      const rep = await userWithRole('representant', 'rep');
      const email = uniqueEmail('signup');
      const name = `Bistro ${uniqueWord('signup')}`;
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(email), establishment: profile({ name }) },
        rep.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ establishment: Establishment; clientId: string; message: string }>();
      expect(body.message).toBe(Msg.clientAndEstablishmentCreated);
      expect(body.message).toBe('Client and Establishment created!');
      expect(body.establishment).toMatchObject({
        name,
        registeredById: rep.id,
        status: 'active',
        active: true,
        blocked: false,
        clientCount: 1,
        followerCount: 0,
      });

      // The registration email: verify link, password, and an intro naming the business.
      const mail = await t.mail.waitFor(email);
      expect(mail.to).toEqual([email]);
      expect(mail.text).toContain(`Your business ${name} is now on`);
      expect(mail.links.some((link) => link.startsWith(`${PUBLIC_URL}/verify/`))).toBe(true);
      const password = passwordIn(mail);

      const token = await signIn(email, password);
      const user = await me(token);
      expect(user.id).toBe(body.clientId);
      expect(user.role).toBe('client');
      expect(user.establishments).toEqual([{ establishmentId: body.establishment.id, kind: 'client' }]);

      // The representative and the client both read it; registeredById is the representative.
      const byRep = await get(`/api/establishments/${body.establishment.id}`, rep.token);
      expect(byRep.statusCode, byRep.body).toBe(200);
      expect(establishmentOf(byRep).registeredById).toBe(rep.id);
      // The client verifies by the welcome email's link too: until then, 403 EMAIL_NOT_VERIFIED.
      expectError(
        await get(`/api/establishments/${body.establishment.id}`, token),
        403,
        Msg.emailNotVerified,
        ErrorCode.EMAIL_NOT_VERIFIED,
      );
      expectError(
        await put(`/api/establishments/${body.establishment.id}`, profile({ name: 'Too early' }), token),
        403,
        Msg.emailNotVerified,
        ErrorCode.EMAIL_NOT_VERIFIED,
      );
      await verifyByLink(mail);
      // The same token now acts with a verified email.
      const byClient = await get(`/api/establishments/${body.establishment.id}`, token);
      expect(byClient.statusCode, byClient.body).toBe(200);
      expect(establishmentOf(byClient)).toMatchObject({ name, audience: 'operator', taxId: '2020123456' });
    });

    it('is open to admins too, but not to customers, clients or guests', async () => {
      const byAdmin = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('signup-admin')), establishment: profile() },
        admin.token,
      );
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      expect(establishmentOf(byAdmin).registeredById).toBe(admin.id);

      const customer = await userWithRole('customer');
      const client = await clientOf(establishmentOf(byAdmin).id);
      for (const token of [customer.token, client.token]) {
        const email = uniqueEmail('signup-denied');
        const res = await post(
          '/api/establishments/client-signup',
          { client: clientPerson(email), establishment: profile() },
          token,
        );
        expectForbidden(res);
      }
      expectUnauthorized(
        await post('/api/establishments/client-signup', {
          client: clientPerson(uniqueEmail('signup-guest')),
          establishment: profile(),
        }),
      );
    });

    it('answers 409 on client.email when the client email already has an account (any case)', async () => {
      const rep = await userWithRole('representant', 'rep-dup');
      const existing = await userWithRole('customer', 'dup-client');
      const name = `Duplicate ${uniqueWord('dup')}`;
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(existing.email.toUpperCase()), establishment: profile({ name }) },
        rep.token,
      );
      expectError(res, 409, Msg.emailExists, ErrorCode.EMAIL_EXISTS, { 'client.email': Msg.emailExists });
      // Nothing was created.
      expect(await listIds(admin.token, `?q=${encodeURIComponent(name)}`)).toEqual([]);
      expect(await listIds(rep.token)).toEqual([]);
    });

    it('names every required field of an empty establishment with the spec message', async () => {
      const rep = await userWithRole('representant', 'rep-val');
      const res = await post(
        '/api/establishments/client-signup',
        { client: {}, establishment: {} },
        rep.token,
      );
      const body = expectError(res, 400, undefined, ErrorCode.VALIDATION);
      expect(body.fields).toMatchObject({
        'client.firstName': 'first name is required',
        'client.lastName': 'last name is required',
        'client.email': 'email is required',
        'client.phone': 'phone is required',
        'establishment.name': 'name is required',
        'establishment.email': 'email is required',
        'establishment.phone': 'phone is required',
        'establishment.address1': 'address is required',
        'establishment.city': 'city is required',
        'establishment.state': 'state is required',
        'establishment.zip': 'ZIP is required',
        'establishment.country': 'country is required',
        'establishment.businessId': 'business ID is required',
        'establishment.taxId': 'tax ID is required',
        'establishment.vatNumber': 'VAT Reg. No. is required',
      });
      expect(required(FieldLabel.address)).toBe('address is required');
      expect(required(FieldLabel.zip)).toBe('ZIP is required');
      expect(required(FieldLabel.vatNumber)).toBe('VAT Reg. No. is required');

      // Blank strings count as missing.
      const blanks = Object.fromEntries(Object.keys(profile()).map((key) => [key, '   ']));
      const blank = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('blank')), establishment: blanks },
        rep.token,
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json<ErrorBody>().fields).toMatchObject({
        'establishment.name': 'name is required',
        'establishment.address1': 'address is required',
        'establishment.zip': 'ZIP is required',
        'establishment.vatNumber': 'VAT Reg. No. is required',
      });
    });

    it('checks the email, phone and website formats', async () => {
      const rep = await userWithRole('representant', 'rep-fmt');
      const signup = (client: object, establishment: object) =>
        post('/api/establishments/client-signup', { client, establishment }, rep.token);
      expectFieldError(
        await signup(clientPerson('not-an-email'), profile()),
        'client.email',
        Msg.invalidEmail,
      );
      expectFieldError(
        await signup(clientPerson(uniqueEmail('fmt')), profile({ email: 'nope@' })),
        'establishment.email',
        'Must be a valid email',
      );
      expectFieldError(
        await signup(clientPerson(uniqueEmail('fmt')), profile({ phone: 'call us' })),
        'establishment.phone',
        'Must be a valid phone number',
      );
      for (const website of ['not a url', 'ftp://files.example', 'http://', 'roma', 42]) {
        expectFieldError(
          await signup(clientPerson(uniqueEmail('fmt')), profile({ website })),
          'establishment.website',
          'Must be a valid URL',
        );
      }
      // An empty website is fine.
      const ok = await signup(clientPerson(uniqueEmail('fmt-ok')), profile({ website: '' }));
      expect(ok.statusCode, ok.body).toBe(201);
      expect(establishmentOf(ok).website).toBe('');
    });
  });

  describe('create and update (admin)', () => {
    it('creates with "Establishment created!" and updates with "Establishment updated"', async () => {
      const res = await post('/api/establishments', profile(), admin.token);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(Msg.establishmentCreated);
      expect(Msg.establishmentCreated).toBe('Establishment created!');
      const created = establishmentOf(res);
      const { address2: _a2, ...expected } = profile();
      expect(created).toMatchObject({
        ...expected,
        active: true,
        blocked: false,
        status: 'active',
        registeredById: null,
        logo: null,
        cover: null,
        followerCount: 0,
        clientCount: 0,
        timeZone: 'Europe/Bratislava',
      });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      // URL-safe and derived from the name: "Café Roma" -> "cafe-roma-xxxx".
      expect(created.publicId).toMatch(/^cafe-roma-[a-z0-9]{4}$/);

      const updated = await put(
        `/api/establishments/${created.id}`,
        profile({ name: 'Café Roma Nova', city: 'Košice', subheader: '' }),
        admin.token,
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toBe(Msg.establishmentUpdated);
      expect(Msg.establishmentUpdated).toBe('Establishment updated');
      expect(establishmentOf(updated)).toMatchObject({
        id: created.id,
        name: 'Café Roma Nova',
        city: 'Košice',
        subheader: '',
        // The public id is stable: shared links and QR codes keep working after a rename.
        publicId: created.publicId,
      });
      const read = await get(`/api/establishments/${created.id}`, admin.token);
      expect(establishmentOf(read)).toMatchObject({ name: 'Café Roma Nova', city: 'Košice' });
      // By public id too.
      const byPublicId = await get(`/api/establishments/${created.publicId}`, admin.token);
      expect(byPublicId.statusCode, byPublicId.body).toBe(200);
      expect(establishmentOf(byPublicId).id).toBe(created.id);
    });

    it('refuses creation to non-admins (403) and guests (401)', async () => {
      for (const role of ['representant', 'client', 'customer'] as const) {
        const user = await userWithRole(role, `create-${role}`);
        expectForbidden(await post('/api/establishments', profile(), user.token));
      }
      expectUnauthorized(await post('/api/establishments', profile()));
    });

    it('derives unique, URL-safe public ids from the name and never a reserved word', async () => {
      const ids: string[] = [];
      for (const name of [
        'App',
        'Login',
        'api',
        'Register',
        'Café Roma',
        'Café Roma',
        '!!!',
        'Ölstübchen Zürich',
      ]) {
        const created = await createEstablishment({ name });
        expect(created.publicId).toMatch(/^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/);
        expect(encodeURIComponent(created.publicId)).toBe(created.publicId);
        expect(RESERVED_PATH_SEGMENTS.has(created.publicId)).toBe(false);
        ids.push(created.publicId);
      }
      const [app, login, api, register, roma1, roma2, bangs, zurich] = ids;
      expect(app).not.toBe('app');
      expect(app).toMatch(/^app-[a-z0-9]{4}$/);
      expect(login).not.toBe('login');
      expect(login).toMatch(/^login-[a-z0-9]{4}$/);
      expect(api).not.toBe('api');
      expect(register).not.toBe('register');
      expect(roma1).not.toBe(roma2);
      expect(bangs).toMatch(/^place-[a-z0-9]{4}$/);
      expect(zurich).toMatch(/^olstubchen-zurich-[a-z0-9]{4}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('validates the profile on create and update', async () => {
      const created = await createEstablishment();
      const empty = await post('/api/establishments', {}, admin.token);
      const body = expectError(empty, 400, undefined, ErrorCode.VALIDATION);
      expect(body.fields).toMatchObject({
        name: 'name is required',
        email: 'email is required',
        phone: 'phone is required',
        address1: 'address is required',
        city: 'city is required',
        state: 'state is required',
        zip: 'ZIP is required',
        country: 'country is required',
        businessId: 'business ID is required',
        taxId: 'tax ID is required',
        vatNumber: 'VAT Reg. No. is required',
      });
      expectFieldError(
        await put(`/api/establishments/${created.id}`, profile({ website: 'www.example' }), admin.token),
        'website',
        'Must be a valid URL',
      );
      expectFieldError(
        await put(`/api/establishments/${created.id}`, profile({ timeZone: 'Mars/Olympus' }), admin.token),
        'timeZone',
        'Choose a time zone',
      );
      // A valid time zone is kept.
      const tz = await put(
        `/api/establishments/${created.id}`,
        profile({ timeZone: 'Europe/Stockholm' }),
        admin.token,
      );
      expect(establishmentOf(tz).timeZone).toBe('Europe/Stockholm');
      // Nothing else changed by the refused updates.
      expect(establishmentOf(await get(`/api/establishments/${created.id}`, admin.token)).website).toBe(
        'https://roma.example',
      );
    });
  });

  describe('listing', () => {
    it('admin sees all, with paging and q search over name, city and email', async () => {
      const word = uniqueWord('list');
      const a = await createEstablishment({ name: `${word} Alpha` });
      const b = await createEstablishment({ name: `${word} Beta` });
      const c = await createEstablishment({ name: `${word} Gamma` });
      const inCity = await createEstablishment({ name: 'Elsewhere', city: `${word}ville` });
      const other = await createEstablishment({ name: 'Unrelated' });

      const all = await get('/api/establishments?pageSize=100', admin.token);
      expect(all.statusCode).toBe(200);
      const allBody = all.json<{ items: Establishment[]; total: number; page: number; pageSize: number }>();
      expect(allBody.total).toBeGreaterThanOrEqual(5);
      expect(allBody.page).toBe(1);
      expect(allBody.pageSize).toBe(100);
      expect(allBody.items.map((e) => e.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id, other.id]));

      const found = await listIds(admin.token, `?q=${word}`);
      expect(found.sort()).toEqual([a.id, b.id, c.id, inCity.id].sort());
      // Case-insensitive.
      expect((await listIds(admin.token, `?q=${word.toUpperCase()}`)).length).toBe(4);
      expect(await listIds(admin.token, `?q=${word}%20Beta`)).toEqual([b.id]);
      // % and _ are literal characters, not wildcards.
      expect(await listIds(admin.token, `?q=${word}%25`)).toEqual([]);
      expect(await listIds(admin.token, `?q=${word.slice(0, 3)}_${word.slice(4)}`)).toEqual([]);

      const page1 = await get(`/api/establishments?q=${word}&pageSize=3&page=1`, admin.token);
      const page2 = await get(`/api/establishments?q=${word}&pageSize=3&page=2`, admin.token);
      const page3 = await get(`/api/establishments?q=${word}&pageSize=3&page=3`, admin.token);
      const p1 = page1.json<{ items: Establishment[]; total: number; page: number }>();
      const p2 = page2.json<{ items: Establishment[]; total: number; page: number }>();
      expect(p1.total).toBe(4);
      expect(p2.total).toBe(4);
      expect(p1.items).toHaveLength(3);
      expect(p2.items).toHaveLength(1);
      expect(p2.page).toBe(2);
      expect(page3.json().items).toEqual([]);
      const paged = [...p1.items, ...p2.items].map((e) => e.id);
      expect(new Set(paged).size).toBe(4);
      expect(paged.sort()).toEqual(found.sort());
      // Newest first.
      expect(p1.items[0]!.id).toBe(inCity.id);
    });

    it('filters by status', async () => {
      const word = uniqueWord('status');
      const active = await createEstablishment({ name: `${word} on` });
      const inactive = await createEstablishment({ name: `${word} off`, active: false });
      const blocked = await createEstablishment({ name: `${word} blocked` });
      expect((await post(`/api/establishments/${blocked.id}/block`, undefined, admin.token)).statusCode).toBe(
        200,
      );
      expect(await listIds(admin.token, `?q=${word}&status=active`)).toEqual([active.id]);
      expect(await listIds(admin.token, `?q=${word}&status=inactive`)).toEqual([inactive.id]);
      expect(await listIds(admin.token, `?q=${word}&status=blocked`)).toEqual([blocked.id]);
      expect(inactive.status).toBe('inactive');
      const deleted = expectError(
        await get('/api/establishments?status=deleted', admin.token),
        400,
        undefined,
        ErrorCode.VALIDATION,
      );
      expect(deleted.fields?.status).toEqual(expect.any(String));
    });

    it('a representative sees only what they registered; a client only what they operate; a customer only what they follow', async () => {
      const rep = await userWithRole('representant', 'rep-list');
      const otherRep = await userWithRole('representant', 'rep-other');
      const signup = async (by: Session, tag: string) => {
        const res = await post(
          '/api/establishments/client-signup',
          { client: clientPerson(uniqueEmail(tag)), establishment: profile({ name: `Rep ${tag}` }) },
          by.token,
        );
        expect(res.statusCode, res.body).toBe(201);
        return establishmentOf(res);
      };
      const r1 = await signup(rep, 'r1');
      const r2 = await signup(rep, 'r2');
      const r3 = await signup(otherRep, 'r3');
      expect((await listIds(rep.token)).sort()).toEqual([r1.id, r2.id].sort());
      expect(await listIds(otherRep.token)).toEqual([r3.id]);

      const a = await createEstablishment({ name: 'Operated A' });
      const b = await createEstablishment({ name: 'Followed B' });
      const client = await clientOf(a.id, 'list-client');
      // The client also follows B, which is not "their" establishment to manage.
      expect((await post(`/api/establishments/${b.id}/follow`, undefined, client.token)).statusCode).toBe(
        200,
      );
      expect(await listIds(client.token)).toEqual([a.id]);

      const customer = await followerOf(b.id, 'list-customer');
      const listed = await get('/api/establishments', customer.token);
      expect(listed.json()).toMatchObject({ total: 1, page: 1, pageSize: 25 });
      expect(listed.json<{ items: Establishment[] }>().items.map((e) => e.id)).toEqual([b.id]);

      const loner = await userWithRole('customer', 'list-none');
      expect(listedBody(await get('/api/establishments', loner.token))).toEqual({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
      });
      expectUnauthorized(await get('/api/establishments'));
    });

    it('never lists deleted establishments', async () => {
      const rep = await userWithRole('representant', 'rep-del');
      const word = uniqueWord('gone');
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('gone')), establishment: profile({ name: `${word} Gone` }) },
        rep.token,
      );
      const gone = establishmentOf(res);
      const kept = await createEstablishment({ name: `${word} Kept` });
      const follower = await followerOf(gone.id, 'gone-follower');
      await followerOf(kept.id, 'kept-follower');
      expect((await del(`/api/establishments/${gone.id}`, admin.token)).statusCode).toBe(200);

      expect(await listIds(admin.token, `?q=${word}`)).toEqual([kept.id]);
      const counted = await get(`/api/establishments?q=${word}`, admin.token);
      expect(counted.json().total).toBe(1);
      expect(await listIds(rep.token)).toEqual([]);
      expect(await listIds(follower.token)).toEqual([]);
    });
  });

  describe('read and update authorization', () => {
    it('a client of A cannot read, update or upload to B, but can update A', async () => {
      const a = await createEstablishment({ name: 'Client Home A' });
      const b = await createEstablishment({ name: 'Foreign B' });
      const client = await clientOf(a.id, 'authz-client');

      expectForbidden(await get(`/api/establishments/${b.id}`, client.token));
      expectForbidden(await get(`/api/establishments/${b.publicId}`, client.token));
      expectForbidden(await put(`/api/establishments/${b.id}`, profile({ name: 'Hijacked' }), client.token));
      expectForbidden(
        await upload(`/api/establishments/${b.id}/logo`, client.token, [pngPart(await png(16, 16))]),
      );
      expectForbidden(
        await upload(`/api/establishments/${b.id}/cover`, client.token, [pngPart(await png(16, 16))]),
      );
      expectForbidden(
        await upload(`/api/establishments/${b.id}/gallery`, client.token, [pngPart(await png(16, 16))]),
      );
      expectForbidden(await get(`/api/establishments/${b.id}/members`, client.token));
      const bAfter = establishmentOf(await get(`/api/establishments/${b.id}`, admin.token));
      expect(bAfter).toMatchObject({ name: 'Foreign B', logo: null, cover: null });

      const read = await get(`/api/establishments/${a.id}`, client.token);
      expect(read.statusCode, read.body).toBe(200);
      const updated = await put(
        `/api/establishments/${a.id}`,
        profile({ name: 'Client Home A+', subheader: 'Now with terrace' }),
        client.token,
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toBe(Msg.establishmentUpdated);
      expect(establishmentOf(updated)).toMatchObject({
        name: 'Client Home A+',
        subheader: 'Now with terrace',
      });
    });

    it('a follower can read but not update; a stranger can do neither; a guest gets 401', async () => {
      const a = await createEstablishment({ name: 'Followed Place' });
      const follower = await followerOf(a.id, 'authz-follower');
      const read = await get(`/api/establishments/${a.id}`, follower.token);
      expect(read.statusCode, read.body).toBe(200);
      expect(establishmentOf(read)).toMatchObject({ id: a.id, followerCount: 1, audience: 'follower' });
      expectForbidden(
        await put(`/api/establishments/${a.id}`, profile({ name: 'Mine now' }), follower.token),
      );
      expectForbidden(
        await upload(`/api/establishments/${a.id}/logo`, follower.token, [pngPart(await png(16, 16))]),
      );

      const stranger = await userWithRole('customer', 'authz-stranger');
      expectForbidden(await get(`/api/establishments/${a.id}`, stranger.token));
      expectForbidden(await put(`/api/establishments/${a.id}`, profile(), stranger.token));

      expectUnauthorized(await get(`/api/establishments/${a.id}`));
      expectUnauthorized(await put(`/api/establishments/${a.id}`, profile()));
      expectUnauthorized(await get(`/api/establishments/${a.id}`, 'not-a-real-token'));
      expectUnauthorized(
        await upload(`/api/establishments/${a.id}/logo`, undefined, [pngPart(await png(16, 16))]),
      );
      expect(establishmentOf(await get(`/api/establishments/${a.id}`, admin.token)).name).toBe(
        'Followed Place',
      );
    });

    it('the registering representative reads it but does not edit the profile; another representative does neither', async () => {
      const rep = await userWithRole('representant', 'rep-read');
      const otherRep = await userWithRole('representant', 'rep-stranger');
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('rep-read')), establishment: profile({ name: 'Rep Read' }) },
        rep.token,
      );
      const e = establishmentOf(res);
      expect((await get(`/api/establishments/${e.id}`, rep.token)).statusCode).toBe(200);
      expect((await get(`/api/establishments/${e.id}/members`, rep.token)).statusCode).toBe(200);
      expectForbidden(await put(`/api/establishments/${e.id}`, profile(), rep.token));
      expectForbidden(await get(`/api/establishments/${e.id}`, otherRep.token));
    });

    it('answers 404 with the business message for an unknown id or public id', async () => {
      expectGone(await get('/api/establishments/00000000-0000-4000-8000-000000000000', admin.token));
      expectGone(await get('/api/establishments/no-such-place-xyz', admin.token));
      expectGone(await put('/api/establishments/no-such-place-xyz', profile(), admin.token));
      expectGone(await get('/api/public/establishments/no-such-place-xyz'));
    });
  });

  describe('block, unblock and delete (admin)', () => {
    it('blocking takes the public page offline and locks the operators out until unblocked', async () => {
      const e = await createEstablishment({ name: 'Blockable' });
      const client = await clientOf(e.id, 'block-client');
      const customer = await userWithRole('customer', 'block-customer');
      const rep = await userWithRole('representant', 'block-rep');

      for (const user of [client, customer, rep]) {
        expectForbidden(await post(`/api/establishments/${e.id}/block`, undefined, user.token));
      }
      expectUnauthorized(await post(`/api/establishments/${e.id}/block`));

      const blocked = await post(`/api/establishments/${e.id}/block`, undefined, admin.token);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json().message).toBe(Msg.establishmentBlockedNow);
      expect(establishmentOf(blocked)).toMatchObject({ blocked: true, status: 'blocked' });
      // Blocking twice is harmless.
      expect((await post(`/api/establishments/${e.id}/block`, undefined, admin.token)).statusCode).toBe(200);

      expectError(
        await get(`/api/public/establishments/${e.publicId}`),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await get(`/api/public/establishments/${e.id}`, customer.token),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await put(`/api/establishments/${e.id}`, profile({ name: 'Still here' }), client.token),
        403,
        Msg.establishmentBlockedForOperators,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await upload(`/api/establishments/${e.id}/gallery`, client.token, [pngPart(await png(16, 16))]),
        403,
        Msg.establishmentBlockedForOperators,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await post(`/api/establishments/${e.id}/follow`, undefined, client.token),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      expectError(
        await post(`/api/establishments/${e.publicId}/follow`, undefined, customer.token),
        403,
        Msg.establishmentBlocked,
        ErrorCode.ESTABLISHMENT_BLOCKED,
      );
      // The admin still manages it, and the operator still sees it (blocked) in their list.
      const adminEdit = await put(`/api/establishments/${e.id}`, profile({ name: 'Blockable' }), admin.token);
      expect(adminEdit.statusCode, adminEdit.body).toBe(200);
      const clientRead = await get(`/api/establishments/${e.id}`, client.token);
      expect(establishmentOf(clientRead).status).toBe('blocked');

      for (const user of [client, customer, rep]) {
        expectForbidden(await post(`/api/establishments/${e.id}/unblock`, undefined, user.token));
      }
      const unblocked = await post(`/api/establishments/${e.id}/unblock`, undefined, admin.token);
      expect(unblocked.statusCode, unblocked.body).toBe(200);
      expect(unblocked.json().message).toBe(Msg.establishmentUnblocked);
      expect(establishmentOf(unblocked)).toMatchObject({ blocked: false, status: 'active' });

      const page = await get(`/api/public/establishments/${e.publicId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().establishment).toMatchObject({ id: e.id, status: 'active', viewer: null });
      const edit = await put(`/api/establishments/${e.id}`, profile({ name: 'Back again' }), client.token);
      expect(edit.statusCode, edit.body).toBe(200);
      expect(
        (await post(`/api/establishments/${e.id}/follow`, undefined, customer.token)).json().following,
      ).toBe(true);
    });

    it('deleting removes the page, the record, the list entries and the memberships', async () => {
      const e = await createEstablishment({ name: 'Doomed Diner' });
      const client = await clientOf(e.id, 'delete-client');
      const follower = await followerOf(e.id, 'delete-follower');
      const rep = await userWithRole('representant', 'delete-rep');
      expect((await me(client.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
      expect((await me(follower.token)).establishments).toEqual([
        { establishmentId: e.id, kind: 'customer' },
      ]);

      for (const user of [client, follower, rep]) {
        expectForbidden(await del(`/api/establishments/${e.id}`, user.token));
      }
      expectUnauthorized(await del(`/api/establishments/${e.id}`));

      const res = await del(`/api/establishments/${e.id}`, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: Msg.establishmentDeleted });

      expectGone(await get(`/api/public/establishments/${e.publicId}`));
      expect(Msg.establishmentNotFound).toBe('This business page does not exist.');
      expectGone(await get(`/api/public/establishments/${e.id}`));
      expectGone(await get(`/api/establishments/${e.id}`, admin.token));
      expectGone(await get(`/api/establishments/${e.id}`, client.token));
      expectGone(await put(`/api/establishments/${e.id}`, profile(), admin.token));
      expectGone(await post(`/api/establishments/${e.id}/block`, undefined, admin.token));
      expectGone(await post(`/api/establishments/${e.id}/follow`, undefined, follower.token));
      expectGone(await get(`/api/establishments/${e.id}/gallery`));
      expectGone(await del(`/api/establishments/${e.id}`, admin.token));
      expect(await listIds(admin.token, '?q=Doomed%20Diner')).toEqual([]);
      expect(await listIds(client.token)).toEqual([]);
      expect((await me(client.token)).establishments).toEqual([]);
      expect((await me(follower.token)).establishments).toEqual([]);
    });
  });

  describe('inactive establishments', () => {
    it('keep their public page (status inactive) but take no new followers', async () => {
      const e = await createEstablishment({ name: 'Sleepy Shop' });
      const client = await clientOf(e.id, 'inactive-client');
      const existing = await followerOf(e.id, 'inactive-existing');

      const off = await put(
        `/api/establishments/${e.id}`,
        profile({ name: 'Sleepy Shop', active: false }),
        client.token,
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(establishmentOf(off)).toMatchObject({ active: false, status: 'inactive' });

      const page = await get(`/api/public/establishments/${e.publicId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().establishment).toMatchObject({
        status: 'inactive',
        name: 'Sleepy Shop',
        followerCount: 1,
      });

      const newcomer = await userWithRole('customer', 'inactive-newcomer');
      expectError(
        await post(`/api/establishments/${e.publicId}/follow`, undefined, newcomer.token),
        409,
        Msg.establishmentInactive,
        ErrorCode.ESTABLISHMENT_INACTIVE,
      );
      expect((await me(newcomer.token)).establishments).toEqual([]);
      // Who already follows keeps following.
      expect((await me(existing.token)).establishments).toEqual([
        { establishmentId: e.id, kind: 'customer' },
      ]);

      const reg = await post('/api/account/register', {
        firstName: 'Ivy',
        lastName: 'Inactive',
        email: uniqueEmail('inactive-reg'),
        phone: '+421 900 555 555',
        terms: true,
        establishmentId: e.publicId,
      });
      const regBody = expectError(reg, 400);
      expect(regBody.fields?.establishmentId).toBeDefined();

      const on = await put(
        `/api/establishments/${e.id}`,
        profile({ name: 'Sleepy Shop', active: true }),
        client.token,
      );
      expect(establishmentOf(on).status).toBe('active');
      const followed = await post(`/api/establishments/${e.publicId}/follow`, undefined, newcomer.token);
      expect(followed.statusCode, followed.body).toBe(200);
      expect(followed.json().following).toBe(true);
    });
  });

  describe('members', () => {
    it('admin adds an existing user as client and as customer, lists and removes them', async () => {
      const e = await createEstablishment({ name: 'Member Hall' });
      const futureClient = await userWithRole('customer', 'member-client');
      const futureFollower = await userWithRole('customer', 'member-follower');
      expect((await me(futureClient.token)).role).toBe('customer');

      const asClient = await post(
        `/api/establishments/${e.id}/members`,
        { email: futureClient.email.toUpperCase(), kind: 'client' },
        admin.token,
      );
      expect(asClient.statusCode, asClient.body).toBe(200);
      expect(asClient.json().message).toBe(Msg.changesSaved);
      expect(asClient.json()).toMatchObject({ clientCount: 1, followerCount: 0 });
      expect(asClient.json().items).toEqual([
        expect.objectContaining({
          userId: futureClient.id,
          email: futureClient.email,
          kind: 'client',
          firstName: 'Test',
          since: expect.any(String),
        }),
      ]);
      const clientMe = await me(futureClient.token);
      expect(clientMe.role).toBe('client');
      expect(clientMe.establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
      // Now an operator: may edit.
      expect(
        (await put(`/api/establishments/${e.id}`, profile({ name: 'Member Hall' }), futureClient.token))
          .statusCode,
      ).toBe(200);

      const asCustomer = await post(
        `/api/establishments/${e.id}/members`,
        { email: futureFollower.email, kind: 'customer' },
        admin.token,
      );
      expect(asCustomer.statusCode, asCustomer.body).toBe(200);
      expect(asCustomer.json()).toMatchObject({ clientCount: 1, followerCount: 1 });
      const followerMe = await me(futureFollower.token);
      expect(followerMe.role).toBe('customer');
      expect(followerMe.establishments).toEqual([{ establishmentId: e.id, kind: 'customer' }]);

      // Operators list members but cannot add or remove.
      const listed = await get(`/api/establishments/${e.id}/members`, futureClient.token);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(
        listed.json<{ items: { userId: string; kind: string }[] }>().items.map((m) => [m.userId, m.kind]),
      ).toEqual(
        expect.arrayContaining([
          [futureClient.id, 'client'],
          [futureFollower.id, 'customer'],
        ]),
      );
      const outsider = await userWithRole('customer', 'member-outsider');
      expectForbidden(
        await post(
          `/api/establishments/${e.id}/members`,
          { email: outsider.email, kind: 'client' },
          futureClient.token,
        ),
      );
      expectForbidden(
        await del(`/api/establishments/${e.id}/members/${futureFollower.id}`, futureClient.token),
      );
      // Followers do not see the member list.
      expectForbidden(await get(`/api/establishments/${e.id}/members`, futureFollower.token));
      const rep = await userWithRole('representant', 'member-rep');
      expectForbidden(
        await post(
          `/api/establishments/${e.id}/members`,
          { email: outsider.email, kind: 'customer' },
          rep.token,
        ),
      );
      expectUnauthorized(await get(`/api/establishments/${e.id}/members`));
      expect((await me(outsider.token)).establishments).toEqual([]);

      const removed = await del(`/api/establishments/${e.id}/members/${futureFollower.id}`, admin.token);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ clientCount: 1, followerCount: 0 });
      expect(removed.json().items.map((m: { userId: string }) => m.userId)).toEqual([futureClient.id]);
      expect((await me(futureFollower.token)).establishments).toEqual([]);
      expectError(await del(`/api/establishments/${e.id}/members/${futureFollower.id}`, admin.token), 404);

      // Changing a follower into an operator keeps one membership.
      await addMember(e.id, futureFollower.email, 'customer');
      const promoted = await addMember(e.id, futureFollower.email, 'client');
      expect(promoted.items.filter((m) => m.userId === futureFollower.id)).toEqual([
        expect.objectContaining({ kind: 'client' }),
      ]);
    });

    it('answers 404 "No account uses this email." on fields.email for an unknown email', async () => {
      const e = await createEstablishment({ name: 'Nobody Home' });
      const res = await post(
        `/api/establishments/${e.id}/members`,
        { email: uniqueEmail('nobody'), kind: 'client' },
        admin.token,
      );
      expectError(res, 404, Msg.noUserWithEmail, ErrorCode.USER_NOT_FOUND, { email: Msg.noUserWithEmail });
      expect(Msg.noUserWithEmail).toBe('No account uses this email.');
      expectFieldError(
        await post(
          `/api/establishments/${e.id}/members`,
          { email: 'not-an-email', kind: 'client' },
          admin.token,
        ),
        'email',
        Msg.invalidEmail,
      );
      expectFieldError(
        await post(`/api/establishments/${e.id}/members`, { email: admin.email, kind: 'owner' }, admin.token),
        'kind',
        'Choose client or user',
      );
      expectError(
        await del(`/api/establishments/${e.id}/members/not-a-uuid`, admin.token),
        400,
        undefined,
        ErrorCode.VALIDATION,
      );
    });

    it('keeps a staff role when a representative is added as a client', async () => {
      const e = await createEstablishment({ name: 'Staff Club' });
      const rep = await userWithRole('representant', 'member-staff');
      await addMember(e.id, rep.email, 'client');
      const repMe = await me(rep.token);
      expect(repMe.role).toBe('representant');
      expect(repMe.establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
    });
  });

  describe('what each audience sees', () => {
    it('gives followers the public fields only and operators everything, one by one and in lists', async () => {
      const rep = await userWithRole('representant', 'view-rep');
      const signup = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('view-client')), establishment: profile({ name: 'View Venue' }) },
        rep.token,
      );
      const e = establishmentOf(signup);
      const client = await clientOf(e.id, 'view-client2');
      const follower = await followerOf(e.id, 'view-follower');

      const asFollower = establishmentOf(await get(`/api/establishments/${e.id}`, follower.token));
      expect(Object.keys(asFollower).sort()).toEqual(FOLLOWER_FIELDS);
      expect(asFollower).toMatchObject({
        audience: 'follower',
        id: e.id,
        name: 'View Venue',
        city: 'Bratislava',
        followerCount: 1,
        status: 'active',
        blocked: false,
      });
      const raw = (await get(`/api/establishments/${e.publicId}`, follower.token)).body;
      for (const secret of [
        '2020123456',
        'SK2020123456',
        '12345678',
        rep.id,
        'registeredById',
        'clientCount',
      ])
        expect(raw).not.toContain(secret);
      // In the follower's list too.
      const listed = listedBody(await get('/api/establishments', follower.token));
      expect(listed.items.map((item: Record<string, unknown>) => Object.keys(item).sort())).toEqual([
        FOLLOWER_FIELDS,
      ]);

      for (const operator of [admin, rep, client]) {
        const view = establishmentOf(await get(`/api/establishments/${e.id}`, operator.token));
        expect(view).toMatchObject({
          audience: 'operator',
          taxId: '2020123456',
          vatNumber: 'SK2020123456',
          businessId: '12345678',
          registeredById: rep.id,
          clientCount: 2,
          followerCount: 1,
        });
        for (const key of OPERATOR_ONLY) expect(view, key).toHaveProperty(key);
      }
      const clientList = listedBody(await get('/api/establishments', client.token));
      expect(clientList.items).toEqual([
        expect.objectContaining({ audience: 'operator', taxId: '2020123456' }),
      ]);
    });

    it('says in the API docs what each audience gets', async () => {
      const docs = listedBody(await get('/api/docs/json'));
      const schema = docs.paths['/api/establishments/{id}'].get.responses['200'].content['application/json']
        .schema as { properties: { establishment: Record<string, unknown> } };
      const text = JSON.stringify(schema.properties.establishment);
      const variants = (schema.properties.establishment.oneOf ?? schema.properties.establishment.anyOf) as {
        properties: Record<string, unknown>;
      }[];
      expect(variants, text).toHaveLength(2);
      const [operator, follower] = ['operator', 'follower'].map(
        (audience) => variants.find((v) => JSON.stringify(v.properties.audience).includes(audience))!,
      );
      expect(Object.keys(operator!.properties)).toEqual(expect.arrayContaining([...OPERATOR_ONLY]));
      expect(Object.keys(follower!.properties).sort()).toEqual(FOLLOWER_FIELDS);
    });
  });

  describe('an operator removed', () => {
    /** A customer made the operator of these establishments by the admin. */
    async function operatorOf(...ids: string[]) {
      const user = await userWithRole('customer', 'operator');
      for (const id of ids) await addMember(id, user.email, 'client');
      expect((await me(user.token)).role).toBe('client');
      return user;
    }
    const sendAs = (user: Session, establishmentId: string) =>
      post(`/api/establishments/${establishmentId}/notifications`, { text: 'Hello', post: true }, user.token);

    it('goes back to customer when they operate nothing, and their token loses the client rights at once', async () => {
      const e = await createEstablishment({ name: 'Demotion Deli' });
      const user = await operatorOf(e.id);
      expect((await sendAs(user, e.id)).statusCode).toBe(202);

      const removed = await del(`/api/establishments/${e.id}/members/${user.id}`, admin.token);
      expect(removed.statusCode, removed.body).toBe(200);
      const after = await me(user.token);
      expect(after).toMatchObject({ role: 'customer', establishments: [] });
      // The same token: a customer now, refused before the body is even read.
      expectForbidden(await sendAs(user, e.id));
      expectForbidden(await get(`/api/establishments/${e.id}`, user.token));
      expect(listedBody(await get('/api/establishments', user.token)).items).toEqual([]);
    });

    it('stays a client while they operate another establishment', async () => {
      const [a, b] = [
        await createEstablishment({ name: 'Keep A' }),
        await createEstablishment({ name: 'Keep B' }),
      ];
      const user = await operatorOf(a.id, b.id);
      expect((await del(`/api/establishments/${a.id}/members/${user.id}`, admin.token)).statusCode).toBe(200);
      expect(await me(user.token)).toMatchObject({
        role: 'client',
        establishments: [{ establishmentId: b.id, kind: 'client' }],
      });
      expect((await sendAs(user, b.id)).statusCode).toBe(202);
      expectForbidden(await sendAs(user, a.id));
    });

    it('goes back to customer when made a follower instead', async () => {
      const e = await createEstablishment({ name: 'Step Down Diner' });
      const user = await operatorOf(e.id);
      await addMember(e.id, user.email, 'customer');
      expect(await me(user.token)).toMatchObject({
        role: 'customer',
        establishments: [{ establishmentId: e.id, kind: 'customer' }],
      });
      expectForbidden(await sendAs(user, e.id));
    });

    it('goes back to customer when their only establishment is deleted; staff keep their role', async () => {
      const doomed = await createEstablishment({ name: 'Deleted Deli' });
      const other = await createEstablishment({ name: 'Surviving Shop' });
      const only = await operatorOf(doomed.id);
      const both = await operatorOf(doomed.id, other.id);
      const rep = await userWithRole('representant', 'deleted-staff');
      await addMember(doomed.id, rep.email, 'client');

      expect((await del(`/api/establishments/${doomed.id}`, admin.token)).statusCode).toBe(200);
      expect(await me(only.token)).toMatchObject({ role: 'customer', establishments: [] });
      expect(await me(both.token)).toMatchObject({
        role: 'client',
        establishments: [{ establishmentId: other.id, kind: 'client' }],
      });
      expect((await me(rep.token)).role).toBe('representant');
      expect((await sendAs(both, other.id)).statusCode).toBe(202);
    });

    it('keeps a representative a representative when removed', async () => {
      const e = await createEstablishment({ name: 'Staff Exit' });
      const rep = await userWithRole('representant', 'member-staff-out');
      await addMember(e.id, rep.email, 'client');
      expect((await del(`/api/establishments/${e.id}/members/${rep.id}`, admin.token)).statusCode).toBe(200);
      expect(await me(rep.token)).toMatchObject({ role: 'representant', establishments: [] });
    });
  });

  describe('pictures', () => {
    it('stores the logo (512x512) and the cover (1600x600) as JPEGs under /image/', async () => {
      const e = await createEstablishment({ name: 'Picture Perfect' });
      const client = await clientOf(e.id, 'pic-client');

      const logoRes = await upload(`/api/establishments/${e.id}/logo`, client.token, [
        pngPart(await png(300, 200, '#f00'), 'logo.png'),
      ]);
      expect(logoRes.statusCode, logoRes.body).toBe(200);
      expect(logoRes.json().message).toBe(Msg.establishmentUpdated);
      const logo = establishmentOf(logoRes).logo!;
      expect(logo).toMatch(/^[0-9a-f-]{36}$/);
      const logoImage = await get(`/image/logo/${logo}.jpeg`);
      expect(logoImage.statusCode).toBe(200);
      expect(logoImage.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(logoImage.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 512,
        height: 512,
      });
      const { dominant } = await sharp(logoImage.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g).toBeLessThan(60);

      const coverRes = await upload(`/api/establishments/${e.id}/cover`, admin.token, [
        pngPart(await png(400, 300, '#00f'), 'cover.png'),
      ]);
      expect(coverRes.statusCode, coverRes.body).toBe(200);
      const cover = establishmentOf(coverRes).cover!;
      expect(cover).toMatch(/^[0-9a-f-]{36}$/);
      expect(establishmentOf(coverRes).logo).toBe(logo);
      const coverImage = await get(`/image/cover/${cover}.jpeg`);
      expect(coverImage.statusCode).toBe(200);
      expect(coverImage.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(coverImage.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 600,
      });

      // The public page carries both names.
      const page = await get(`/api/public/establishments/${e.publicId}`);
      expect(page.json().establishment).toMatchObject({ logo, cover });

      // A new logo replaces the old one, whose file is gone.
      const again = await upload(`/api/establishments/${e.id}/logo`, client.token, [
        pngPart(await png(64, 64)),
      ]);
      const next = establishmentOf(again).logo!;
      expect(next).not.toBe(logo);
      expect((await get(`/image/logo/${next}.jpeg`)).statusCode).toBe(200);
      expect((await get(`/image/logo/${logo}.jpeg`)).statusCode).toBe(404);
    });

    it('refuses a text file (415) and a request without a file (400)', async () => {
      const e = await createEstablishment({ name: 'Picky Pictures' });
      for (const which of ['logo', 'cover', 'gallery']) {
        const fake = await upload(`/api/establishments/${e.id}/${which}`, admin.token, [
          { name: 'file', value: new Blob(['just some text'], { type: 'image/png' }), filename: 'fake.png' },
        ]);
        expectError(fake, 415, Msg.imageInvalid, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.imageInvalid });
        const text = await upload(`/api/establishments/${e.id}/${which}`, admin.token, [
          { name: 'file', value: new Blob(['hello'], { type: 'text/plain' }), filename: 'notes.txt' },
        ]);
        expectError(text, 415, Msg.imageInvalid, ErrorCode.UNSUPPORTED_MEDIA);

        const none = await upload(`/api/establishments/${e.id}/${which}`, admin.token, [
          { name: 'caption', value: 'no file here' },
        ]);
        expectError(none, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
        const json = await post(`/api/establishments/${e.id}/${which}`, { file: 'abc' }, admin.token);
        expectError(json, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
      }
      const after = establishmentOf(await get(`/api/establishments/${e.id}`, admin.token));
      expect(after).toMatchObject({ logo: null, cover: null });
      expect((await get(`/api/establishments/${e.id}/gallery`)).json()).toEqual({ items: [] });
    });

    it('gallery: add with a caption, list publicly, change the caption, delete', async () => {
      const e = await createEstablishment({ name: 'Gallery Gourmet' });
      const client = await clientOf(e.id, 'gallery-client');

      const added = await upload(`/api/establishments/${e.id}/gallery`, client.token, [
        { name: 'caption', value: 'Our terrace at sunset' },
        pngPart(await png(2400, 1200, '#0f0'), 'terrace.png'),
      ]);
      expect(added.statusCode, added.body).toBe(201);
      const image = added.json<GalleryImage>();
      expect(image).toMatchObject({ caption: 'Our terrace at sunset', width: 1600, height: 800 });
      expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
      const file = await get(`/image/gallery/${image.image}.jpeg`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 800,
      });

      // Small pictures are not enlarged; a missing caption is empty.
      const small = await upload(`/api/establishments/${e.id}/gallery`, admin.token, [
        pngPart(await png(40, 30)),
      ]);
      expect(small.statusCode, small.body).toBe(201);
      expect(small.json()).toMatchObject({ caption: '', width: 40, height: 30 });

      // Anyone may list it, without a token, by id or public id.
      const listed = await get(`/api/establishments/${e.id}/gallery`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<{ items: GalleryImage[] }>().items.map((i) => i.id)).toEqual([
        image.id,
        small.json().id,
      ]);
      expect((await get(`/api/establishments/${e.publicId}/gallery`)).json().items).toHaveLength(2);
      expect(
        (await get(`/api/public/establishments/${e.publicId}`)).json().establishment.gallery,
      ).toHaveLength(2);

      const captioned = await patch(
        `/api/establishments/${e.id}/gallery/${image.id}`,
        { caption: 'The terrace, renovated' },
        client.token,
      );
      expect(captioned.statusCode, captioned.body).toBe(200);
      expect(captioned.json()).toMatchObject({ id: image.id, caption: 'The terrace, renovated' });
      expect((await get(`/api/establishments/${e.id}/gallery`)).json().items[0].caption).toBe(
        'The terrace, renovated',
      );
      expectFieldError(
        await patch(
          `/api/establishments/${e.id}/gallery/${image.id}`,
          { caption: 'x'.repeat(201) },
          client.token,
        ),
        'caption',
        'Caption must be at most 200 characters',
      );

      // Others may not touch it.
      const follower = await followerOf(e.id, 'gallery-follower');
      expectForbidden(
        await patch(`/api/establishments/${e.id}/gallery/${image.id}`, { caption: 'mine' }, follower.token),
      );
      expectForbidden(await del(`/api/establishments/${e.id}/gallery/${image.id}`, follower.token));
      expectForbidden(
        await upload(`/api/establishments/${e.id}/gallery`, follower.token, [pngPart(await png(8, 8))]),
      );
      expectUnauthorized(await del(`/api/establishments/${e.id}/gallery/${image.id}`));
      // An image of another establishment is not found through this one.
      const other = await createEstablishment({ name: 'Other Gallery' });
      expectError(await del(`/api/establishments/${other.id}/gallery/${image.id}`, admin.token), 404);
      expectError(
        await patch(`/api/establishments/${other.id}/gallery/${image.id}`, { caption: 'x' }, admin.token),
        404,
      );

      const deleted = await del(`/api/establishments/${e.id}/gallery/${image.id}`, client.token);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: Msg.changesSaved });
      expect((await get(`/image/gallery/${image.image}.jpeg`)).statusCode).toBe(404);
      expect(
        (await get(`/api/establishments/${e.id}/gallery`)).json().items.map((i: GalleryImage) => i.id),
      ).toEqual([small.json().id]);
      expectError(await del(`/api/establishments/${e.id}/gallery/${image.id}`, client.token), 404);
      expectError(
        await patch(`/api/establishments/${e.id}/gallery/${image.id}`, { caption: 'gone' }, client.token),
        404,
      );
    });

    it('refuses the 31st gallery picture with 409', async () => {
      const e = await createEstablishment({ name: 'Full House' });
      const tiny = await png(4, 4);
      for (let i = 0; i < 30; i++) {
        const res = await upload(`/api/establishments/${e.id}/gallery`, admin.token, [
          { name: 'caption', value: `Picture ${i + 1}` },
          pngPart(tiny),
        ]);
        expect(res.statusCode, `picture ${i + 1}: ${res.body}`).toBe(201);
      }
      const full = await upload(`/api/establishments/${e.id}/gallery`, admin.token, [pngPart(tiny)]);
      expectError(full, 409, Msg.galleryFull, ErrorCode.VALIDATION, { file: Msg.galleryFull });
      const items = (await get(`/api/establishments/${e.id}/gallery`)).json<{ items: GalleryImage[] }>()
        .items;
      expect(items).toHaveLength(30);
      expect(items[0]!.caption).toBe('Picture 1');
      expect(items[29]!.caption).toBe('Picture 30');
      // Deleting one makes room again.
      expect((await del(`/api/establishments/${e.id}/gallery/${items[0]!.id}`, admin.token)).statusCode).toBe(
        200,
      );
      expect(
        (await upload(`/api/establishments/${e.id}/gallery`, admin.token, [pngPart(tiny)])).statusCode,
      ).toBe(201);
    });
  });

  describe('follow and unfollow', () => {
    it('a customer follows by public id and by id; the page and /me reflect it; unfollow undoes it', async () => {
      const e = await createEstablishment({ name: 'Followable Foods' });
      const customer = await userWithRole('customer', 'follow');

      const before = await get(`/api/public/establishments/${e.publicId}`, customer.token);
      expect(before.json().establishment).toMatchObject({
        followerCount: 0,
        viewer: { following: false, operating: false },
      });

      const byPublicId = await post(`/api/establishments/${e.publicId}/follow`, undefined, customer.token);
      expect(byPublicId.statusCode, byPublicId.body).toBe(200);
      expect(byPublicId.json()).toEqual({ establishmentId: e.id, following: true, message: Msg.followed });
      // Following again, by id this time, is fine and changes nothing.
      const byId = await post(`/api/establishments/${e.id}/follow`, undefined, customer.token);
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json()).toEqual({ establishmentId: e.id, following: true, message: Msg.followed });
      // The public id is matched case-insensitively.
      expect(
        (await post(`/api/establishments/${e.publicId.toUpperCase()}/follow`, undefined, customer.token))
          .statusCode,
      ).toBe(200);

      const user = await me(customer.token);
      expect(user.role).toBe('customer');
      expect(user.establishments).toEqual([{ establishmentId: e.id, kind: 'customer' }]);

      const page = await get(`/api/public/establishments/${e.publicId}`, customer.token);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().establishment).toMatchObject({
        id: e.id,
        publicId: e.publicId,
        name: 'Followable Foods',
        status: 'active',
        followerCount: 1,
        viewer: { following: true, operating: false },
      });
      // The public page shows no business registration data.
      expect(page.json().establishment).not.toHaveProperty('taxId');
      expect(page.json().establishment).not.toHaveProperty('vatNumber');
      expect((await get(`/api/public/establishments/${e.publicId}`)).json().establishment.viewer).toBeNull();
      expectUnauthorized(await get(`/api/public/establishments/${e.publicId}`, 'garbage-token'));

      const unfollowed = await del(`/api/establishments/${e.publicId}/follow`, customer.token);
      expect(unfollowed.statusCode, unfollowed.body).toBe(200);
      expect(unfollowed.json()).toEqual({ establishmentId: e.id, following: false, message: Msg.unfollowed });
      expect((await me(customer.token)).establishments).toEqual([]);
      const after = await get(`/api/public/establishments/${e.id}`, customer.token);
      expect(after.json().establishment).toMatchObject({
        followerCount: 0,
        viewer: { following: false, operating: false },
      });
      // Unfollowing twice is fine too.
      expect((await del(`/api/establishments/${e.id}/follow`, customer.token)).json().following).toBe(false);
    });

    it('refuses guests (401) and unknown establishments (404)', async () => {
      const e = await createEstablishment({ name: 'Guest Proof' });
      expectUnauthorized(await post(`/api/establishments/${e.publicId}/follow`));
      expectUnauthorized(await del(`/api/establishments/${e.publicId}/follow`));
      const customer = await userWithRole('customer', 'follow-404');
      expectGone(await post('/api/establishments/no-such-place-abc/follow', undefined, customer.token));
      expectGone(
        await post(
          '/api/establishments/00000000-0000-4000-8000-000000000000/follow',
          undefined,
          customer.token,
        ),
      );
    });

    it('a client following their own establishment stays its operator', async () => {
      const e = await createEstablishment({ name: 'Own Place' });
      const client = await clientOf(e.id, 'follow-own');
      const res = await post(`/api/establishments/${e.publicId}/follow`, undefined, client.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().following).toBe(true);
      expect((await me(client.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
      const page = await get(`/api/public/establishments/${e.publicId}`, client.token);
      expect(page.json().establishment).toMatchObject({
        followerCount: 0,
        viewer: { following: true, operating: true },
      });
      // Operators leave only through an admin: unfollow keeps the link.
      expect((await del(`/api/establishments/${e.id}/follow`, client.token)).statusCode).toBe(200);
      expect((await me(client.token)).establishments).toEqual([{ establishmentId: e.id, kind: 'client' }]);
    });
  });

  describe('register and follow in one step', () => {
    it('registers a customer following the establishment given by its public id; the welcome email names it', async () => {
      const name = `Welcome Wagon ${uniqueWord('reg')}`;
      const e = await createEstablishment({ name });
      const email = uniqueEmail('reg-follow');
      const res = await post('/api/account/register', {
        firstName: 'Rita',
        lastName: 'Register',
        email,
        phone: '+421 900 123 456',
        terms: true,
        establishmentId: e.publicId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(Msg.registered);
      expect(res.json().user).toMatchObject({
        role: 'customer',
        establishments: [{ establishmentId: e.id, kind: 'customer' }],
      });
      const mail = await t.mail.waitFor(email);
      expect(mail.text).toContain(`You now follow ${name}`);
      const token = await signIn(email, passwordIn(mail));
      expect((await me(token)).establishments).toEqual([{ establishmentId: e.id, kind: 'customer' }]);
      // Not counted until the email is confirmed; the operators see them waiting in the member list.
      const page = await get(`/api/public/establishments/${e.publicId}`, token);
      expect(page.json().establishment).toMatchObject({ followerCount: 0, viewer: { following: true } });
      const userId = (await me(token)).id;
      const waiting = listedBody(await get(`/api/establishments/${e.id}/members`, admin.token));
      expect(waiting).toMatchObject({ followerCount: 0, clientCount: 0 });
      expect(waiting.items).toEqual([
        expect.objectContaining({ userId, kind: 'customer', emailVerified: false }),
      ]);
      expectError(
        await get(`/api/establishments/${e.id}`, token),
        403,
        Msg.emailNotVerified,
        ErrorCode.EMAIL_NOT_VERIFIED,
      );

      await verifyByLink(mail);
      const after = await get(`/api/public/establishments/${e.publicId}`, token);
      expect(after.json().establishment).toMatchObject({ followerCount: 1, viewer: { following: true } });
      const counted = listedBody(await get(`/api/establishments/${e.id}/members`, admin.token));
      expect(counted).toMatchObject({ followerCount: 1 });
      expect(counted.items).toEqual([expect.objectContaining({ userId, emailVerified: true })]);
      expect(establishmentOf(await get(`/api/establishments/${e.id}`, token))).toMatchObject({
        audience: 'follower',
        followerCount: 1,
      });
    });

    it('refuses a blocked or unknown establishment on fields.establishmentId', async () => {
      const e = await createEstablishment({ name: 'Blocked Welcome' });
      expect((await post(`/api/establishments/${e.id}/block`, undefined, admin.token)).statusCode).toBe(200);
      for (const establishmentId of [e.publicId, e.id, 'no-such-place-qqq']) {
        const email = uniqueEmail('reg-blocked');
        const res = await post('/api/account/register', {
          firstName: 'Bo',
          lastName: 'Blocked',
          email,
          phone: '+421 900 123 456',
          terms: true,
          establishmentId,
        });
        const body = expectError(res, 400);
        expect(body.fields?.establishmentId, res.body).toEqual(expect.any(String));
        // No account was created: the address is still free.
        const retry = await post('/api/account/register', {
          firstName: 'Bo',
          lastName: 'Blocked',
          email,
          phone: '+421 900 123 456',
          terms: true,
        });
        expect(retry.statusCode, retry.body).toBe(201);
      }
    });
  });

  describe('QR code', () => {
    it('serves the public page link as SVG, PNG of the asked size, and as a download', async () => {
      const e = await createEstablishment({ name: 'QR Quarters' });
      const svg = await get(`/api/establishments/${e.id}/qr`);
      expect(svg.statusCode, svg.body).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toContain('<svg');
      expect(svg.headers['content-disposition']).toBeUndefined();
      const byPublicId = await get(`/api/establishments/${e.publicId}/qr?format=svg`);
      expect(byPublicId.statusCode).toBe(200);
      expect(byPublicId.body).toBe(svg.body);

      const pngRes = await get(`/api/establishments/${e.id}/qr?format=png&size=256`);
      expect(pngRes.statusCode).toBe(200);
      expect(pngRes.headers['content-type']).toBe('image/png');
      expect([...pngRes.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const meta = await sharp(pngRes.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
      const big = await get(`/api/establishments/${e.id}/qr?format=png&size=1024`);
      expect((await sharp(big.rawPayload).metadata()).width).toBe(1024);

      const download = await get(`/api/establishments/${e.id}/qr?format=png&download=1`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+-qr\.png"$/);
      const svgDownload = await get(`/api/establishments/${e.id}/qr?download=true`);
      expect(svgDownload.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+-qr\.svg"$/);

      for (const query of ['format=gif', 'size=10', 'size=99999', 'size=abc', 'download=maybe']) {
        expectError(
          await get(`/api/establishments/${e.id}/qr?${query}`),
          400,
          undefined,
          ErrorCode.VALIDATION,
        );
      }

      expect((await del(`/api/establishments/${e.id}`, admin.token)).statusCode).toBe(200);
      expectGone(await get(`/api/establishments/${e.id}/qr`));
      expectGone(await get(`/api/establishments/${e.publicId}/qr?format=png`));
      expectGone(await get('/api/establishments/no-such-place-zzz/qr'));
    });
  });

  describe('Open Graph page', () => {
    it('serves /{publicId} with its name (HTML-escaped) and picture as Open Graph tags', async () => {
      const name = 'Tom & Jerry <Bar> "Grill"';
      const e = await createEstablishment({ name, subheader: '' });
      const res = await get(`/${e.publicId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(
        '<meta property="og:title" content="Tom &amp; Jerry &lt;Bar&gt; &quot;Grill&quot;"',
      );
      expect(res.body).not.toContain('<Bar>');
      expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/${e.publicId}"`);
      expect(res.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/icons/icon-512.png"`);
      expect(res.body).toContain('<title>Tom &amp; Jerry &lt;Bar&gt; &quot;Grill&quot; | Broadcast</title>');
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body).toContain('<div id="root"></div>');

      // The register page previews the same way; a cover becomes the preview picture.
      const cover = await upload(`/api/establishments/${e.id}/cover`, admin.token, [
        pngPart(await png(32, 12)),
      ]);
      const coverName = establishmentOf(cover).cover!;
      const register = await get(`/${e.publicId}/register`);
      expect(register.statusCode).toBe(200);
      expect(register.body).toContain('<meta property="og:title" content="Tom &amp; Jerry &lt;Bar&gt;');
      expect(register.body).toContain(
        `<meta property="og:image" content="${PUBLIC_URL}/image/cover/${coverName}.jpeg"`,
      );
    });

    it('serves the plain index.html for an unknown, blocked or deleted id', async () => {
      const blocked = await createEstablishment({ name: 'Hidden Blocked' });
      await post(`/api/establishments/${blocked.id}/block`, undefined, admin.token);
      const deleted = await createEstablishment({ name: 'Hidden Deleted' });
      await del(`/api/establishments/${deleted.id}`, admin.token);
      // /login is a route of the web app: the plain index.html, as built.
      const plain = await get('/login');
      expect(plain.statusCode).toBe(200);
      expect(plain.body).not.toContain('og:title');
      expect(plain.body).toContain('<div id="root"></div>');
      // A blocked business's page exists (it says so); an unknown or deleted one is a 404 (with the
      // web app, which shows its not-found message).
      for (const [url, status] of [
        ['/no-such-place-xyz', 404],
        [`/${blocked.publicId}`, 200],
        [`/${deleted.publicId}/register`, 404],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(status);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body, url).not.toContain('og:title');
        expect(res.body, url).not.toContain('Hidden');
        expect(res.body, url).toBe(plain.body);
      }
    });
  });

  describe('API surface', () => {
    it('/api/docs/json lists every establishments path', async () => {
      const res = await get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      const expected: [string, string][] = [
        ['get', '/api/establishments'],
        ['post', '/api/establishments'],
        ['post', '/api/establishments/client-signup'],
        ['get', '/api/establishments/{id}'],
        ['put', '/api/establishments/{id}'],
        ['delete', '/api/establishments/{id}'],
        ['post', '/api/establishments/{id}/block'],
        ['post', '/api/establishments/{id}/unblock'],
        ['get', '/api/establishments/{id}/members'],
        ['post', '/api/establishments/{id}/members'],
        ['delete', '/api/establishments/{id}/members/{userId}'],
        ['post', '/api/establishments/{id}/logo'],
        ['post', '/api/establishments/{id}/cover'],
        ['get', '/api/establishments/{id}/gallery'],
        ['post', '/api/establishments/{id}/gallery'],
        ['patch', '/api/establishments/{id}/gallery/{imageId}'],
        ['delete', '/api/establishments/{id}/gallery/{imageId}'],
        ['post', '/api/establishments/{id}/follow'],
        ['delete', '/api/establishments/{id}/follow'],
        ['get', '/api/establishments/{id}/qr'],
        ['get', '/api/public/establishments/{id}'],
      ];
      for (const [method, path] of expected) {
        expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
      }
      // The notifications module owns an establishment's media, notifications and posts.
      const listed = Object.keys(paths).filter(
        (p) => p.includes('establishments') && !/\/(media|notifications|posts)$/.test(p),
      );
      for (const p of listed) {
        expect(
          expected.some(([, path]) => path === p),
          `${p} is covered by this test`,
        ).toBe(true);
      }
    });

    it('never answers 500 to bad input', async () => {
      const e = await createEstablishment({ name: 'Robust Room' });
      const client = await clientOf(e.id, 'robust');
      const tries: [string, () => Promise<LightMyRequestResponse>][] = [
        ['name as number', () => post('/api/establishments', profile({ name: 42 }), admin.token)],
        ['name as object', () => post('/api/establishments', profile({ name: { $ne: '' } }), admin.token)],
        [
          'active as string',
          () => put(`/api/establishments/${e.id}`, profile({ active: 'yes' }), client.token),
        ],
        [
          'website as array',
          () => put(`/api/establishments/${e.id}`, profile({ website: ['x'] }), client.token),
        ],
        ['huge name', () => post('/api/establishments', profile({ name: 'n'.repeat(100_000) }), admin.token)],
        [
          'huge body',
          () => post('/api/establishments', profile({ subheader: 's'.repeat(2_000_000) }), admin.token),
        ],
        ['NUL in name', () => post('/api/establishments', profile({ name: 'Nul\u0000Bar' }), admin.token)],
        [
          'NUL in website',
          () => post('/api/establishments', profile({ website: 'https://a\u0000b.example' }), admin.token),
        ],
        [
          'NUL in email',
          () => post('/api/establishments', profile({ email: 'a\u0000b@x.example' }), admin.token),
        ],
        [
          'NUL in address',
          () => put(`/api/establishments/${e.id}`, profile({ address1: 'Main\u0000 1' }), client.token),
        ],
        [
          'NUL in client name',
          () =>
            post(
              '/api/establishments/client-signup',
              {
                client: { ...clientPerson(uniqueEmail('nul')), firstName: 'A\u0000' },
                establishment: profile(),
              },
              admin.token,
            ),
        ],
        [
          'NUL in caption',
          () =>
            patch(
              `/api/establishments/${e.id}/gallery/00000000-0000-4000-8000-000000000000`,
              { caption: 'a\u0000b' },
              client.token,
            ),
        ],
        ['NUL in q', () => get('/api/establishments?q=a%00b', admin.token)],
        ['NUL in id', () => get('/api/establishments/abc%00def', admin.token)],
        ['NUL in public id', () => get('/api/public/establishments/abc%00def')],
        ['NUL in follow id', () => post('/api/establishments/abc%00def/follow', undefined, client.token)],
        ['NUL in qr id', () => get('/api/establishments/abc%00def/qr')],
        ['bad percent id', () => get('/api/establishments/%E0%A4%A', admin.token)],
        ['long id', () => get(`/api/establishments/${'x'.repeat(300)}`, admin.token)],
        [
          'client.email as number',
          () =>
            post(
              '/api/establishments/client-signup',
              { client: { email: 5 }, establishment: profile() },
              admin.token,
            ),
        ],
        [
          'client as string',
          () => post('/api/establishments/client-signup', { client: 'x', establishment: 'y' }, admin.token),
        ],
        [
          'non-uuid imageId (patch)',
          () => patch(`/api/establishments/${e.id}/gallery/not-a-uuid`, { caption: 'x' }, client.token),
        ],
        ['non-uuid imageId (delete)', () => del(`/api/establishments/${e.id}/gallery/123`, client.token)],
        [
          'caption as number',
          () =>
            patch(
              `/api/establishments/${e.id}/gallery/00000000-0000-4000-8000-000000000000`,
              { caption: 5 },
              client.token,
            ),
        ],
        ['page=abc', () => get('/api/establishments?page=abc', admin.token)],
        ['page=0', () => get('/api/establishments?page=0', admin.token)],
        ['pageSize=1000', () => get('/api/establishments?pageSize=1000', admin.token)],
        ['huge q', () => get(`/api/establishments?q=${'q'.repeat(5000)}`, admin.token)],
        [
          'members kind number',
          () => post(`/api/establishments/${e.id}/members`, { email: client.email, kind: 1 }, admin.token),
        ],
        ['members array body', () => post(`/api/establishments/${e.id}/members`, [1, 2], admin.token)],
        [
          'multipart to PUT',
          async () =>
            t.request({
              method: 'PUT',
              url: `/api/establishments/${e.id}`,
              token: client.token,
              ...(await multipart([{ name: 'name', value: 'x' }])),
            }),
        ],
        [
          'huge caption in multipart',
          async () =>
            upload(`/api/establishments/${e.id}/gallery`, client.token, [
              { name: 'caption', value: 'c'.repeat(5000) },
              pngPart(await png(4, 4)),
            ]),
        ],
        [
          'truncated multipart',
          () =>
            t.request({
              method: 'POST',
              url: `/api/establishments/${e.id}/logo`,
              token: client.token,
              payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
              headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
            }),
        ],
      ];
      for (const method of ['POST', 'PUT'] as const) {
        for (const payload of ['{"name":', '{name: "x"}', 'null', '[]', '"text"', '42', '']) {
          const url = method === 'POST' ? '/api/establishments' : `/api/establishments/${e.id}`;
          tries.push([
            `${method} malformed JSON ${JSON.stringify(payload)}`,
            () =>
              t.request({
                method,
                url,
                token: method === 'POST' ? admin.token : client.token,
                payload,
                headers: { 'content-type': 'application/json' },
              }),
          ]);
        }
      }
      tries.push([
        'malformed JSON to client-signup',
        () =>
          t.request({
            method: 'POST',
            url: '/api/establishments/client-signup',
            token: admin.token,
            payload: '{"client": {',
            headers: { 'content-type': 'application/json' },
          }),
      ]);
      const failures: string[] = [];
      for (const [label, send] of tries) {
        const res = await send();
        try {
          expectClientError(res, label);
        } catch {
          failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);

      // Specific answers where they matter.
      expectFieldError(
        await post('/api/establishments', profile({ name: 42 }), admin.token),
        'name',
        'Name must be text',
      );
      expectFieldError(
        await post('/api/establishments', profile({ name: 'n'.repeat(100_000) }), admin.token),
        'name',
        'Name must be at most 120 characters',
      );
      expectError(
        await post('/api/establishments', profile({ subheader: 's'.repeat(2_000_000) }), admin.token),
        413,
        undefined,
        ErrorCode.PAYLOAD_TOO_LARGE,
      );
      expectFieldError(
        await patch(`/api/establishments/${e.id}/gallery/not-a-uuid`, { caption: 'x' }, client.token),
        'imageId',
        Msg.notFound,
      );
      const malformed = await t.request({
        method: 'PUT',
        url: `/api/establishments/${e.id}`,
        token: client.token,
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expectError(malformed, 400, undefined, ErrorCode.BAD_REQUEST);
      expectFieldError(
        await upload(`/api/establishments/${e.id}/gallery`, client.token, [
          { name: 'caption', value: 'c'.repeat(201) },
          pngPart(await png(4, 4)),
        ]),
        'caption',
        'Caption must be at most 200 characters',
      );
      expectFieldError(
        await post('/api/establishments', profile({ name: 'Nul\u0000Bar' }), admin.token),
        'name',
        'Contains a character that is not allowed',
      );
      expectGone(await get('/api/public/establishments/abc%00def'));
      // None of that changed the establishment or its gallery.
      expect(establishmentOf(await get(`/api/establishments/${e.id}`, admin.token)).name).toBe('Robust Room');
      expect((await get(`/api/establishments/${e.id}/gallery`)).json().items).toEqual([]);
    });
  });
});

function listedBody(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
