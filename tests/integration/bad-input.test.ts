/**
 * The causes of 500s a review found by fuzzing, each as a client meets it: bad
 * feed cursors, an expirationTime no date can hold, signed tokens with claims of the wrong shape,
 * and upload routes failing after the picture was read. tests/integration/api-fuzz.test.ts looks
 * for more.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type JWTPayload, SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { Msg } from '../../src/shared/messages';
import type { Establishment } from '../../src/shared/schemas/establishment.schema';
import type { actors, Session } from '../support/api-actors';
import { multipart } from '../support/multipart';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

const CURSOR_INVALID = 'This page link is not valid. Reload the feed.';
const MALFORMED = 'The upload is incomplete or malformed.';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let client: Session;
let customer: Session;
let shop: Establishment;

// No delivery: the only push host allowed is a closed local port, and no workers run.
const fixture = setupRouteFixture({ env: { WORKERS: 'false', PUSH_ALLOWED_HOSTS: '127.0.0.1:9' } });
beforeAll(async () => {
  ({ t, a, admin } = fixture);
  shop = await a.establishment(admin, 'Cursor Cafe');
  client = await a.clientOf(admin, shop.id);
  customer = await a.followerOf(shop.id);
});

function expectError(res: LightMyRequestResponse, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string; fields?: Record<string, string> }>();
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  if (error !== undefined) expect(body.error).toBe(error);
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
  return body;
}

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('feed cursors', () => {
  it('answers 400 on cursor for one that is not ours or names a time PostgreSQL cannot store', async () => {
    const id = randomUUID();
    const cursors = {
      'year 300000': cursorOf(`+300000-01-01T00:00:00.000Z|${id}`),
      'before 4713 BC': cursorOf(`-004714-01-01T00:00:00.000Z|${id}`),
      'year 0': cursorOf(`0000-06-01T00:00:00.000Z|${id}`),
      'February 30': cursorOf(`2021-02-30T00:00:00.000Z|${id}`),
      'not a time': cursorOf(`yesterday|${id}`),
      'not a uuid': cursorOf('2021-01-01T00:00:00.000Z|------------------------------------'),
      'a third part': cursorOf(`2021-01-01T00:00:00.000Z|${id}|x`),
      'not base64': '!!!',
    };
    for (const [label, cursor] of Object.entries(cursors)) {
      for (const url of ['/api/feed', `/api/establishments/${shop.id}/posts`]) {
        const res = await t.request({ method: 'GET', url: `${url}?cursor=${cursor}`, token: customer.token });
        const body = expectError(res, 400, ErrorCode.VALIDATION, CURSOR_INVALID);
        expect(body.fields, `${label} on ${url}`).toEqual({ cursor: CURSOR_INVALID });
      }
    }
  });

  it('still pages on with the cursor it gave', async () => {
    for (const text of ['First loaf', 'Second loaf']) {
      const sent = await a.call(
        'POST',
        `/api/establishments/${shop.id}/notifications`,
        { text, post: true },
        client.token,
      );
      expect(sent.statusCode, sent.body).toBe(202);
    }
    const page = async (cursor?: string) => {
      const res = await a.call(
        'GET',
        `/api/feed?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        customer.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { text: string }[]; nextCursor: string | null }>();
    };
    const first = await page();
    expect(first.items.map((p) => p.text)).toEqual(['Second loaf']);
    const second = await page(first.nextCursor!);
    expect(second.items.map((p) => p.text)).toEqual(['First loaf']);
  });
});

describe('push subscription expirationTime', () => {
  const subscription = (expirationTime: unknown) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      endpoint: `https://127.0.0.1:9/push/${randomBytes(12).toString('base64url')}`,
      expirationTime,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
  };

  it('answers 400 on expirationTime for a time no date can hold, a negative one or not a number', async () => {
    for (const expirationTime of [1e20, 8.64e15 + 1, -1, -8.64e15 - 1, '2030-01-01', true]) {
      const res = await a.call(
        'POST',
        '/notifications/subscribe',
        subscription(expirationTime),
        customer.token,
      );
      const body = expectError(res, 400, ErrorCode.VALIDATION);
      expect(Object.keys(body.fields ?? {}), String(expirationTime)).toEqual(['expirationTime']);
    }
  });

  it('takes a time in milliseconds, or none', async () => {
    for (const expirationTime of [Date.now() + 3_600_000, null, undefined]) {
      const res = await a.call(
        'POST',
        '/notifications/subscribe',
        subscription(expirationTime),
        customer.token,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('bearer tokens', () => {
  const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims as JWTPayload)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(secret);

  it('answers 401 to a validly signed token whose claims have the wrong shape', async () => {
    const sid = randomUUID();
    const claims = {
      'session id not a uuid': { sub: customer.id, sid: 'not-a-uuid', ver: 0 },
      'session id a number': { sub: customer.id, sid: 42, ver: 0 },
      'session id with NUL': { sub: customer.id, sid: `${sid}\u0000`, ver: 0 },
      'user id not a uuid': { sub: 'not-a-uuid', sid, ver: 0 },
      'no user id': { sid, ver: 0 },
      'version a string': { sub: customer.id, sid, ver: '0' },
      'version a fraction': { sub: customer.id, sid, ver: 0.5 },
      'version negative': { sub: customer.id, sid, ver: -1 },
      'version too large': { sub: customer.id, sid, ver: 1e300 },
      'no version': { sub: customer.id, sid },
    };
    for (const [label, claim] of Object.entries(claims)) {
      const token = await sign(claim);
      for (const url of ['/api/account/me', `/api/public/establishments/${shop.publicId}`]) {
        const res = await t.request({ method: 'GET', url, token });
        expect(res.statusCode, `${label} on ${url}: ${res.body}`).toBe(401);
        expectError(res, 401, ErrorCode.UNAUTHORIZED, Msg.unauthorized);
      }
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/account/me', token: customer.token })).statusCode,
    ).toBe(200);
  });
});

describe('uploads', () => {
  const mediaFiles = async () => {
    const root = path.join(t.ctx.config.dataDir, 'media');
    const files: string[] = [];
    for (const folder of await readdir(root)) {
      for (const name of await readdir(path.join(root, folder))) files.push(`${folder}/${name}`);
    }
    return files.sort();
  };
  const png = () =>
    sharp({ create: { width: 6, height: 6, channels: 3, background: '#a52' } })
      .png()
      .toBuffer();
  const upload = async (url: string, token: string, parts: Parameters<typeof multipart>[0]) =>
    t.request({ method: 'POST', url, token, ...(await multipart(parts)) });
  const file = async () => ({
    name: 'file',
    value: new Blob([await png()], { type: 'image/png' }),
    filename: 'a.png',
  });

  it("answers an upload refused after its file was read with the refusal's own status, keeping no file", async () => {
    const before = await mediaFiles();
    const other = await a.establishment(admin, 'Other Place');
    const stranger = await a.clientOf(admin, other.id, 'stranger');
    for (const which of ['logo', 'cover', 'gallery', 'media']) {
      const url = `/api/establishments/${shop.id}/${which}`;
      expectError(await upload(url, stranger.token, [await file()]), 403, ErrorCode.FORBIDDEN);
      expectError(
        await upload(`/api/establishments/${randomUUID()}/${which}`, client.token, [await file()]),
        404,
        ErrorCode.NOT_FOUND,
      );
      const text = {
        name: 'file',
        value: new Blob(['not a picture'], { type: 'image/png' }),
        filename: 'a.png',
      };
      const body = expectError(await upload(url, client.token, [text]), 415, ErrorCode.UNSUPPORTED_MEDIA);
      // A post's file may also be a PDF or a video, and its message says so.
      expect(body.fields).toEqual({ file: which === 'media' ? Msg.postMediaInvalid : Msg.imageInvalid });
    }
    const notImage = { name: 'file', value: new Blob(['not a picture']), filename: 'a.png' };
    expectError(
      await upload('/api/account/avatar', client.token, [notImage]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
    );
    expect(await mediaFiles()).toEqual(before);
  });

  it('removes the picture it stored and answers 500, not a 400 "malformed", when a later step fails', async () => {
    // SETUP: the database refuses the row that would name the stored picture (a failure of ours).
    const sql = t.ctx.database.sql;
    await sql.executeSql(`CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await sql.executeSql(
      'CREATE TRIGGER refuse_gallery BEFORE INSERT ON gallery_images FOR EACH ROW EXECUTE FUNCTION refuse_row()',
    );
    await sql.executeSql(
      'CREATE TRIGGER refuse_avatar BEFORE UPDATE OF avatar ON users FOR EACH ROW EXECUTE FUNCTION refuse_row()',
    );
    try {
      const before = await mediaFiles();
      const gallery = await upload(`/api/establishments/${shop.id}/gallery`, client.token, [
        { name: 'caption', value: 'The oven' },
        await file(),
      ]);
      expectError(gallery, 500, ErrorCode.INTERNAL, Msg.internal);
      const avatar = await upload('/api/account/avatar', client.token, [await file()]);
      expectError(avatar, 500, ErrorCode.INTERNAL, Msg.internal);
      expect(await mediaFiles()).toEqual(before);
    } finally {
      await sql.executeSql('DROP TRIGGER refuse_gallery ON gallery_images');
      await sql.executeSql('DROP TRIGGER refuse_avatar ON users');
      await sql.executeSql('DROP FUNCTION refuse_row()');
    }
    const again = await upload(`/api/establishments/${shop.id}/gallery`, client.token, [await file()]);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('answers a broken multipart body with 400 BAD_REQUEST', async () => {
    const url = `/api/establishments/${shop.id}/logo`;
    const { payload, headers } = await multipart([await file()]);
    const broken = [
      { payload: payload.subarray(0, payload.length - 40), headers },
      { payload, headers: { 'content-type': 'multipart/form-data' } },
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      },
    ];
    for (const body of broken) {
      const res = await t.request({ method: 'POST', url, token: client.token, ...body });
      expectError(res, 400, ErrorCode.BAD_REQUEST, MALFORMED);
    }
  });
});

describe('text with half an emoji', () => {
  it('stores a lone surrogate as U+FFFD, as the text shows, instead of failing in the database', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/establishments/${shop.id}/conversations`,
      token: customer.token,
      headers: { 'content-type': 'application/json' },
      // As a client sends it: JSON's escape of a surrogate with no other half.
      payload: '{"text":"a\\udfffb"}',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).toContain('a\uFFFDb');
  });
});
