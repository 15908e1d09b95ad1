/**
 * Every bad input is a 4xx, never a 500. Requests are derived for every route of
 * the OpenAPI document (/api/docs/json) from its parameters and body schema, then spoiled the ways
 * a client can: wrong types, missing and extra fields, huge and odd text (NUL, unicode, lone
 * surrogates), bad ids and cursors, broken JSON and multipart bodies, wrong content types, bad
 * tokens. A realistic world (an establishment with a client and a follower, posts, pictures) makes
 * ids that exist part of the mix, and each role signs in. fast-check drives it with a fixed seed.
 *
 * Any answer >= 500 fails, listed once per route and cause with the request and the logged stack.
 * Every 4xx must carry the error body `{ error, code }` and no stack trace.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { establishmentFields } from '../support/api-actors';
import { ENDS_SESSION, LAST, type Operation, type Route } from '../support/api-fuzz/openapi';
import { causeOf, describeRequest, type Finding, shorten } from '../support/api-fuzz/report';
import { arbitraries, type FuzzRequest } from '../support/api-fuzz/requests';
import { type ActorName, makeWorld, type World } from '../support/api-fuzz/world';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

const SEED = 20_260_609;
/** Requests in a run, spread evenly over the routes (each route gets its own seeded property). */
const TOTAL_REQUESTS = 10_500;

let t: TestApp;
let w: World;
/** Errors the app logged while the current request ran (requests go one at a time). */
let logged: { msg?: string; err?: { message?: string; stack?: string } }[] = [];

const fixture = setupRouteFixture({
  env: {
    LOG_LEVEL: 'error',
    // Rate limits are keyed by address and every request comes from a random one; the per-email
    // sign-in limit is lifted. A 429 would still be a fine answer.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
    // Nothing is delivered: no workers, and the only push host allowed is a closed local port.
    WORKERS: 'false',
    PUSH_ALLOWED_HOSTS: '127.0.0.1:9',
  },
  admin: false,
  timeoutMs: 120_000,
});
beforeAll(async () => {
  t = fixture.t;
  // Read what the app logs (errors only) instead of printing it.
  const stream = {
    write(line: string) {
      logged.push(JSON.parse(line));
    },
  };
  (t.app.log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
  w = await makeWorld(t);
}, 120_000);

it('answers every fuzzed request of every documented route below 500, with the error body', async () => {
  const started = performance.now();
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const routes: Route[] = [];
  for (const [routePath, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path: routePath,
        op,
        multipart: /multipart/i.test(op.summary ?? ''),
      });
    }
  }
  const key = (r: Route) => `${r.method} ${r.path}`;
  const rank = (r: Route) => LAST.indexOf(key(r));
  routes.sort((x, y) => rank(x) - rank(y));
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((r) => r.multipart).length).toBeGreaterThanOrEqual(5);

  const { requestFor } = arbitraries(w);
  const findings = new Map<string, Finding>();
  const badErrorBodies = new Map<string, Finding>();
  const statuses = new Map<number, number>();
  let sent = 0;
  const perRoute = Math.ceil(TOTAL_REQUESTS / routes.length);

  const send = async (route: Route, r: FuzzRequest) => {
    logged = [];
    const res = await t.app.inject({
      method: r.method,
      url: r.url,
      headers: r.headers,
      remoteAddress: r.remoteAddress,
      ...(r.payload === undefined ? {} : { payload: r.payload }),
    });
    sent++;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const answer = `${res.statusCode} ${shorten(res.body, 200)}`;
    if (res.statusCode >= 500) {
      const { cause, stack } = causeOf(logged.find((l) => l.err)?.err);
      const id = `${key(route)} -> ${res.statusCode}: ${cause}`;
      const seen = findings.get(id);
      if (seen) seen.count++;
      else findings.set(id, { count: 1, request: describeRequest(r), answer, cause, stack });
    } else if (res.statusCode >= 400) {
      let problem: string | undefined;
      try {
        const body = res.json<Record<string, unknown>>();
        if (typeof body.error !== 'string' || typeof body.code !== 'string') problem = 'not { error, code }';
        else if (body.fields !== undefined && (typeof body.fields !== 'object' || body.fields === null)) {
          problem = 'fields is not an object';
        }
      } catch {
        problem = 'not JSON';
      }
      // A frame names a script file ("at f (/app/x.js:1:2)"); "at most 2000 characters" beside a
      // time of day ("18:00:00") in another field's message is not one.
      if (/"stack"|\bat \S.*?\.[cm]?[jt]sx?:\d+:\d+|node_modules|\.ts:\d/.test(res.body))
        problem = 'a stack trace';
      if (problem) {
        const id = `${key(route)} -> ${res.statusCode}: ${problem}`;
        const seen = badErrorBodies.get(id);
        if (seen) seen.count++;
        else
          badErrorBodies.set(id, {
            count: 1,
            request: describeRequest(r),
            answer,
            cause: problem,
            stack: '',
          });
      }
    }
    // Keep up with what a request changed about its actor, so later requests still come from someone.
    if (res.statusCode === 200 && r.actor in w.sessions) {
      const name = r.actor as ActorName;
      const session = w.sessions[name];
      if (key(route) === 'POST /api/account/profile') session.email = res.json().user.email;
      if (key(route) === 'POST /api/account/password') {
        w.passwords[name] = JSON.parse(String(r.payload)).newPassword;
        session.token = res.json().accessToken;
      }
      if (ENDS_SESSION.has(key(route))) {
        const login = await t.request({
          method: 'POST',
          url: '/api/account/login',
          payload: { email: session.email, password: w.passwords[name] },
        });
        expect(login.statusCode, login.body).toBe(200);
        session.token = login.json().accessToken;
      }
    }
  };

  /** Between routes: the shop active, unblocked and with its profile, as the next route expects. */
  const restore = async () => {
    const admin = w.sessions.admin.token;
    const put = await t.request({
      method: 'PUT',
      url: `/api/establishments/${w.shop.id}`,
      token: admin,
      payload: establishmentFields('Fuzz Bakery'),
    });
    // A new route that takes rights away or ends sessions belongs in LAST, or this fails.
    expect(put.statusCode, put.body).toBe(200);
    await t.request({ method: 'POST', url: `/api/establishments/${w.shop.id}/unblock`, token: admin });
  };

  const perRouteStatuses: string[] = [];
  for (const [index, route] of routes.entries()) {
    const before = new Map(statuses);
    await fc.assert(
      fc.asyncProperty(requestFor(route), async (r) => {
        await send(route, r);
      }),
      { seed: SEED + index, numRuns: perRoute },
    );
    const counts = [...statuses].map(([s, n]) => [s, n - (before.get(s) ?? 0)]).filter(([, n]) => n);
    perRouteStatuses.push(`${key(route)}: ${counts.map(([s, n]) => `${s}x${n}`).join(' ')}`);
    if (!LAST.includes(key(route))) await restore();
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const byClass = [...statuses].sort(([x], [y]) => x - y).map(([s, n]) => `${s}: ${n}`);
  console.log(
    `api fuzz: ${sent} requests over ${routes.length} routes in ${seconds} s (seed ${SEED}); ${byClass.join(', ')}`,
  );
  // FUZZ_ROUTES=1 shows how each route answered: how deep the fuzzing got.
  if (process.env.FUZZ_ROUTES) console.log(perRouteStatuses.join('\n'));
  const report = (title: string, found: Map<string, Finding>) =>
    [...found].map(
      ([id, f]) =>
        `${title} ${id} (${f.count}x)\n    ${f.request}\n    answer: ${f.answer}${f.stack ? `\n    logged: ${f.stack}` : ''}`,
    );
  const problems = [...report('SERVER ERROR', findings), ...report('BAD ERROR BODY', badErrorBodies)];
  if (problems.length) console.error(problems.join('\n\n'));
  expect(sent).toBeGreaterThanOrEqual(10_000);
  expect([...findings.keys(), ...badErrorBodies.keys()]).toEqual([]);

  // Every stored picture is still named by a row: refused and failed uploads left no file behind.
  const { rows } = await t.ctx.database.sql.executeSql(`
    SELECT 'logo/' || logo AS file FROM establishments WHERE logo IS NOT NULL
    UNION SELECT 'cover/' || cover FROM establishments WHERE cover IS NOT NULL
    UNION SELECT 'logo/' || avatar FROM users WHERE avatar IS NOT NULL
    UNION SELECT 'gallery/' || image FROM gallery_images
    UNION SELECT 'post/' || id FROM post_media`);
  const named = new Set(rows.map((row) => `${(row as { file: string }).file}.jpeg`));
  const media = path.join(t.ctx.config.dataDir, 'media');
  const stored: string[] = [];
  for (const folder of await readdir(media)) {
    for (const name of await readdir(path.join(media, folder))) stored.push(`${folder}/${name}`);
  }
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.filter((file) => !named.has(file))).toEqual([]);
}, 240_000);
