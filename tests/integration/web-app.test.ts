/**
 * How the server answers paths outside the API, on a built web app (a small stand-in for dist/web
 * with the real robots.txt): index.html with 200 only for the paths the web app routes
 * (src/shared/web-routes.ts); a 404 for every other path (JSON under /api, plain text for files,
 * index.html with 404 for other page paths so a browser shows the app's not-found page); HEAD
 * wherever GET works; robots.txt; no source maps in production.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { actors } from '../support/api-actors';
import { setupRouteFixture } from '../support/route-fixture';
import { startTestApp, type TestApp } from '../support/test-app';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Follow the businesses you love." />
    <title>Broadcast</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const APP_MARK = '<div id="root"></div>';
/** A script large enough to be compressed (over the 1 KB threshold). */
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const line${i} = 'business ${i}';`).join(
  '\n',
);
// The build's own compressions of it: at brotli's best, not the quality the server compresses at.
const PRE_BROTLI = brotliCompressSync(BIG_SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const PRE_GZIP = gzipSync(BIG_SCRIPT, { level: 9 });

/** The stand-in for dist/web, made before the app starts and removed after the tests. */
const dist = path.join(tmpdir(), `broadcast-web-${randomUUID()}`);
let t: TestApp;
let production: TestApp;

const fixture = setupRouteFixture({
  env: { WEB_DIST_DIR: dist },
  admin: false,
  before: async () => {
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, 'assets', 'main-4f2a9c.js'),
      'console.log("app");\n//# sourceMappingURL=main-4f2a9c.js.map\n',
    );
    await writeFile(path.join(dist, 'assets', 'main-4f2a9c.js.map'), '{"version":3,"sources":["main.tsx"]}');
    await writeFile(path.join(dist, 'assets', 'chunk-9b1c3e.js'), BIG_SCRIPT);
    // As the build leaves a file: beside it, its brotli and gzip (vite.config.ts).
    await writeFile(path.join(dist, 'assets', 'built-7d0e1f.js'), BIG_SCRIPT);
    await writeFile(path.join(dist, 'assets', 'built-7d0e1f.js.br'), PRE_BROTLI);
    await writeFile(path.join(dist, 'assets', 'built-7d0e1f.js.gz'), PRE_GZIP);
    await copyFile(
      path.join(import.meta.dirname, '../../src/web/public/robots.txt'),
      path.join(dist, 'robots.txt'),
    );
  },
  timeoutMs: 120_000,
});
beforeAll(async () => {
  t = fixture.t;
  production = await startTestApp({
    WEB_DIST_DIR: dist,
    NODE_ENV: 'production',
    SUPPORT_EMAIL: 'help@broadcast.sk',
  });
}, 120_000);

afterAll(async () => {
  await production?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, app = t) => app.request({ method: 'GET', url });
const head = (url: string, app = t) => app.request({ method: 'HEAD', url });

describe('web app serving', () => {
  it('answers index.html with 200 for the paths the web app routes, to GET and HEAD', async () => {
    for (const url of [
      '/',
      '/login',
      '/register',
      '/redirect',
      '/waiting',
      '/noestablishments',
      '/home',
      '/gdpr/terms',
      '/verify/some-token',
      '/newpassword/some-token',
      '/app',
      '/app/account?tab=profile',
      '/app/management/establishment/new',
      '/app/establishment/0b8f/notification/77aa',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(APP_MARK);
      const headRes = await head(url);
      expect(headRes.statusCode, `HEAD ${url}`).toBe(200);
      expect(headRes.headers['content-type'], `HEAD ${url}`).toMatch(/^text\/html/);
    }
  });

  it('never answers the web app with 200 for a path it does not route', async () => {
    // Page-like paths: 404, with index.html so that a browser shows the app's own not-found page.
    for (const url of [
      '/healthz',
      '/health/live',
      '/readyz/',
      '/app/no/such/screen',
      '/this/does/not/exist',
      '/404',
    ]) {
      for (const res of [await get(url), await head(url)]) {
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      }
      expect((await get(url)).body, url).toContain(APP_MARK);
    }
    // Files: a plain 404, never HTML (a script tag given HTML breaks, a scanner sees a hit).
    for (const url of [
      '/foo.php',
      '/wp-login.php',
      '/.env',
      '/assets/missing.js',
      '/assets/missing',
      '/image/logo/missing.webp',
      '/icons/missing.png',
      '/robots.txt.bak',
    ]) {
      for (const res of [await get(url), await head(url)]) {
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      }
      expect((await get(url)).body, url).not.toContain(APP_MARK);
    }
    // The API: a JSON 404, as every API error.
    for (const url of ['/api/unknown', '/api', '/api/account/nothing-here']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe(ErrorCode.NOT_FOUND);
      expect((await head(url)).statusCode, `HEAD ${url}`).toBe(404);
    }
    const post = await t.request({ method: 'POST', url: '/login', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it("serves a business's pages while it exists, a 404 when it does not or was deleted", async () => {
    const a = actors(t);
    const admin = await a.userWithRole('admin');
    const open = await a.establishment(admin, 'Open Bakery');
    const blocked = await a.establishment(admin, 'Blocked Bakery');
    const deleted = await a.establishment(admin, 'Deleted Bakery');
    expect(
      (await a.call('POST', `/api/establishments/${blocked.id}/block`, undefined, admin.token)).statusCode,
    ).toBe(200);
    expect(
      (await a.call('DELETE', `/api/establishments/${deleted.id}`, undefined, admin.token)).statusCode,
    ).toBe(200);

    for (const url of [`/${open.publicId}`, `/${open.publicId}/register`, `/${open.publicId}/gdpr/privacy`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(APP_MARK);
      expect((await head(url)).statusCode, `HEAD ${url}`).toBe(200);
    }
    expect((await get(`/${open.publicId}`)).body).toContain('og:title');
    // Blocked: the page exists and says so.
    expect((await get(`/${blocked.publicId}`)).statusCode).toBe(200);
    for (const url of [
      `/${deleted.publicId}`,
      `/${deleted.publicId}/register`,
      '/no-such-bakery-zz9',
      '/health-check',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(APP_MARK);
      expect(res.body, url).not.toContain('og:title');
      expect((await head(url)).statusCode, `HEAD ${url}`).toBe(404);
    }
  });

  it('serves the built files to GET and HEAD, and a real robots.txt', async () => {
    const script = await get('/assets/main-4f2a9c.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect((await head('/assets/main-4f2a9c.js')).statusCode).toBe(200);

    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const rules = robots.body.split('\n').map((line) => line.trim());
    expect(rules).toContain('User-agent: *');
    expect(rules).toContain('Allow: /');
    expect(rules).toContain('Disallow: /app/');
    expect(rules).toContain('Disallow: /api/');
    expect(rules).not.toContain('Disallow: /');
    expect((await head('/robots.txt')).statusCode).toBe(200);
  });

  it('sends scripts brotli-compressed to a browser that takes it, and whole to one that does not', async () => {
    const compressed = await t.request({
      method: 'GET',
      url: '/assets/chunk-9b1c3e.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(BIG_SCRIPT);
    const whole = await t.request({ method: 'GET', url: '/assets/chunk-9b1c3e.js', headers: {} });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body).toBe(BIG_SCRIPT);
  });

  it("sends a built file's own .br or .gz as they are, and the file whole to a browser that takes neither", async () => {
    const asked = (encodings?: string) =>
      t.request({
        method: 'GET',
        url: '/assets/built-7d0e1f.js',
        headers: encodings ? { 'accept-encoding': encodings } : {},
      });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(PRE_BROTLI)).toBe(true);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(PRE_GZIP)).toBe(true);
    const whole = await asked();
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body).toBe(BIG_SCRIPT);
  });

  it('serves source maps in development only', async () => {
    expect((await get('/assets/main-4f2a9c.js.map')).statusCode).toBe(200);
    const map = await get('/assets/main-4f2a9c.js.map', production);
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('sources');
    expect((await head('/assets/main-4f2a9c.js.map', production)).statusCode).toBe(404);
    expect((await get('/assets/main-4f2a9c.js', production)).statusCode).toBe(200);
  });

  it('HEAD works on the probes and the API wherever GET does', async () => {
    for (const url of ['/health', '/ready', '/api/config', '/api/push/public-key']) {
      const getRes = await get(url);
      const headRes = await head(url);
      expect(getRes.statusCode, url).toBe(200);
      expect(headRes.statusCode, `HEAD ${url}`).toBe(200);
      expect(headRes.body, `HEAD ${url}`).toBe('');
    }
  });
});
