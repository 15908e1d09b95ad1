/**
 * Rate limits over HTTP, with their counters in the database: two app instances
 * on one database (two processes behind a load balancer) count against one limit, a new instance
 * (a restart) remembers, and X-Forwarded-For only counts as far as TRUST_PROXY says. On PostgreSQL
 * (TEST_DATABASE_URL) the second instance has its own connection pool; on PGlite both share the
 * one in-memory database.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { ErrorCode } from '../../src/shared/errors';
import { Msg } from '../../src/shared/messages';
import { actors, PASSWORD, type Session } from '../support/api-actors';
import { expectError } from '../support/expect-error';
import { multipart } from '../support/multipart';
import { plainPng } from '../support/pictures';
import { setupRouteFixture } from '../support/route-fixture';
import { startTestApp, type TestApp } from '../support/test-app';

/** Another web process on the same database and DATA_DIR, without job workers. */
async function anotherInstance(first: TestApp) {
  const { config } = first.ctx;
  const ownDatabase = process.env.TEST_DATABASE_URL
    ? await openDatabase(config.databaseUrl, config.dataDir)
    : undefined;
  const database: Database = ownDatabase ?? first.ctx.database;
  const { app } = await buildApp({ ...config, workers: false }, { database });
  return {
    app,
    async close() {
      await app.close();
      await ownDatabase?.close();
    },
  };
}

const inject = (app: FastifyInstance, { token, ...options }: InjectOptions & { token?: string }) =>
  app.inject({
    ...options,
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

function expectRateLimited(res: LightMyRequestResponse) {
  const body = expectError(res, 429, ErrorCode.RATE_LIMITED);
  expect(body.error).toBe(Msg.rateLimited);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits shared by two instances on one database', { tags: ['postgres'] }, () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof anotherInstance>>;
  let admin: Session;
  let png: Buffer;
  // Alternate between the two instances, as a load balancer would.
  const both = () => [t.app, other.app];

  const fixture = setupRouteFixture({
    env: {
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '4',
      RATE_LIMIT_UPLOADS_PER_MINUTE: '3',
    },
  });
  beforeAll(async () => {
    ({ t, admin } = fixture);
    other = await anotherInstance(t);
    png = await plainPng(64, 64);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('counts public page requests per IP across instances, and a new instance remembers', async () => {
    const place = await actors(t).establishment(admin, 'Counted Café');
    const url = `/api/public/establishments/${place.publicId}`;
    const visit = (app: FastifyInstance, ip: string) =>
      inject(app, { method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 4; i++) {
      const res = await visit(both()[i % 2]!, '203.0.113.1');
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRateLimited(await visit(t.app, '203.0.113.1'));
    expectRateLimited(await visit(other.app, '203.0.113.1'));
    // A restart (a third instance) starts from the stored counts.
    const restarted = await anotherInstance(t);
    try {
      expectRateLimited(await visit(restarted.app, '203.0.113.1'));
    } finally {
      await restarted.close();
    }
    expect((await visit(other.app, '203.0.113.2')).statusCode).toBe(200);
  });

  it("counts a business's server-rendered page per IP across instances", async () => {
    const place = await actors(t).establishment(admin, 'Rendered Page');
    const page = (app: FastifyInstance) =>
      inject(app, { method: 'GET', url: `/${place.publicId}`, remoteAddress: '203.0.113.3' });
    // 200 with the built web app, 503 without: either way not refused yet.
    for (let i = 0; i < 4; i++) expect((await page(both()[i % 2]!)).statusCode).not.toBe(429);
    expectRateLimited(await page(other.app));
  });

  it('keeps the sign-in limits per email and per IP across instances', async () => {
    // Setting up the user signed in once: that is one of the email's 3 attempts this minute.
    const email = (await actors(t).userWithRole('customer', 'rl-shared')).email;
    for (let i = 0; i < 2; i++) {
      const res = await inject(both()[i % 2]!, {
        method: 'POST',
        url: '/api/account/login',
        payload: { email, password: `wrong-${i}-password` },
        remoteAddress: `198.51.100.${10 + i}`,
      });
      expectError(res, 401, ErrorCode.INVALID_CREDENTIALS);
    }
    // The right password from yet another address, on the other instance: the email is locked for now.
    expectRateLimited(
      await inject(other.app, {
        method: 'POST',
        url: '/api/account/login',
        payload: { email, password: PASSWORD },
        remoteAddress: '198.51.100.20',
      }),
    );

    // Per IP: three times the per-email limit, over any emails.
    for (let i = 0; i < 9; i++) {
      const res = await inject(both()[i % 2]!, {
        method: 'POST',
        url: '/api/account/login',
        payload: { email: `nobody-${i}@example.test`, password: 'whatever-password' },
        remoteAddress: '198.51.100.99',
      });
      expectError(res, 401, ErrorCode.INVALID_CREDENTIALS);
    }
    expectRateLimited(
      await inject(t.app, {
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'nobody-else@example.test', password: 'whatever-password' },
        remoteAddress: '198.51.100.99',
      }),
    );
  });

  it('limits email verification attempts per IP and verification emails', async () => {
    for (let i = 0; i < 9; i++) {
      const res = await inject(both()[i % 2]!, {
        method: 'POST',
        url: '/api/account/verify',
        payload: { token: `guess-${i}-${'x'.repeat(30)}` },
        remoteAddress: '192.0.2.50',
      });
      expectError(res, 400, ErrorCode.TOKEN_INVALID);
    }
    expectRateLimited(
      await inject(other.app, {
        method: 'POST',
        url: '/api/account/verify',
        payload: { token: `guess-last-${'x'.repeat(30)}` },
        remoteAddress: '192.0.2.50',
      }),
    );

    const user = await actors(t).userWithRole('customer', 'rl-resend');
    const resend = (app: FastifyInstance) =>
      inject(app, {
        method: 'POST',
        url: '/api/account/verify/resend',
        token: user.token,
        remoteAddress: '192.0.2.60',
      });
    for (let i = 0; i < 5; i++) expect((await resend(both()[i % 2]!)).statusCode).toBe(200);
    expectRateLimited(await resend(t.app));
  });

  it('limits picture uploads per user over every upload route and both instances', async () => {
    const a = actors(t);
    const place = await a.establishment(admin, 'Upload Limits');
    const client = await a.clientOf(admin, place.id, 'uploader');
    const upload = async (app: FastifyInstance, url: string, token: string, ip: string) => {
      const body = await multipart([
        { name: 'file', value: new Blob([new Uint8Array(png)]), filename: 'p.png' },
      ]);
      return inject(app, {
        method: 'POST',
        url,
        token,
        payload: body.payload,
        headers: body.headers,
        remoteAddress: ip,
      });
    };
    // One user, three routes, two instances, two addresses: one count.
    expect((await upload(t.app, '/api/account/avatar', client.token, '203.0.113.30')).statusCode).toBe(200);
    expect(
      (await upload(other.app, `/api/establishments/${place.id}/logo`, client.token, '203.0.113.31'))
        .statusCode,
    ).toBe(200);
    expect(
      (await upload(t.app, `/api/establishments/${place.id}/gallery`, client.token, '203.0.113.30'))
        .statusCode,
    ).toBe(201);
    expectRateLimited(
      await upload(other.app, `/api/establishments/${place.id}/media`, client.token, '203.0.113.30'),
    );
    expectRateLimited(await upload(t.app, '/api/account/avatar', client.token, '203.0.113.32'));
    // Another user on the same address is not affected.
    expect((await upload(other.app, '/api/account/avatar', admin.token, '203.0.113.30')).statusCode).toBe(
      200,
    );
  });
});

describe('TRUST_PROXY', () => {
  const hit = (app: FastifyInstance, url: string, remoteAddress: string, forwardedFor?: string) =>
    inject(app, {
      method: 'GET',
      url,
      remoteAddress,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });
  const random = () =>
    `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.0.${1 + Math.floor(Math.random() * 254)}`;

  it('with a hop count, a client cannot pick its IP by writing X-Forwarded-For', async () => {
    const t = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
    try {
      const place = await actors(t).establishment(await actors(t).userWithRole('admin'), 'Behind A Proxy');
      const url = `/api/public/establishments/${place.publicId}`;
      // The proxy (10.0.0.5) appends the address it saw; what the client wrote is to its left.
      for (let i = 0; i < 3; i++) {
        expect((await hit(t.app, url, '10.0.0.5', `${random()}, ${random()}, 203.0.113.40`)).statusCode).toBe(
          200,
        );
      }
      expectRateLimited(await hit(t.app, url, '10.0.0.5', `${random()}, 203.0.113.40`));
      // Another client behind the same proxy has its own count.
      expect((await hit(t.app, url, '10.0.0.5', `${random()}, 203.0.113.41`)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("with the proxies' addresses, X-Forwarded-For from anyone else is ignored", async () => {
    const t = await startTestApp({
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.10',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '3',
    });
    try {
      const place = await actors(t).establishment(await actors(t).userWithRole('admin'), 'Listed Proxies');
      const url = `/api/public/establishments/${place.publicId}`;
      // A direct client writing a new X-Forwarded-For each time is still itself.
      for (let i = 0; i < 3; i++)
        expect((await hit(t.app, url, '198.51.100.60', random())).statusCode).toBe(200);
      expectRateLimited(await hit(t.app, url, '198.51.100.60', random()));
      // Through a listed proxy, the address it forwarded is the client.
      for (let i = 0; i < 3; i++) {
        expect((await hit(t.app, url, '10.1.2.3', `${random()}, 198.51.100.61`)).statusCode).toBe(200);
      }
      expectRateLimited(await hit(t.app, url, '192.168.1.10', `${random()}, 198.51.100.61`));
    } finally {
      await t.close();
    }
  });
});
