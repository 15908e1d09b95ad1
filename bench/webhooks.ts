/**
 * Webhooks under a steady stream of events: the real server in a process of its own on a
 * fresh PostgreSQL database, a local HTTPS receiver checking every signature, and 100 events a
 * second (customers following and unfollowing the businesses from their pages: each a `follow` or
 * `unfollow` event) for DURATION seconds. Prints, per scenario, the webhook throughput and the time from each
 * event (its transaction) to the receiver (median, p95, max), and the cost to the action itself:
 * its request latency against the same stream with no webhook registered (the baseline, same run).
 *
 *   npm run bench:webhooks
 *
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); the
 * run creates its own database there and drops it. EVENTS_PER_SECOND and DURATION_SECONDS change
 * the stream (100 and 20).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { establishmentFields } from '../tests/support/api-actors';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver';
import { freshPostgresDatabase } from './support/postgres';
import {
  adminToken,
  freePort,
  median,
  p95,
  startServer,
  stopServer,
  version,
} from './support/spawned-server';

const RATE = Number(process.env.EVENTS_PER_SECOND ?? 100);
const DURATION = Number(process.env.DURATION_SECONDS ?? 20);
/** People per business: each is added or removed every PEOPLE / RATE * businesses seconds. */
const PEOPLE = 200;

const log = (line: string) => process.stderr.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function call<T>(
  origin: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The stream: every 1/RATE s a customer follows a business or unfollows it (alternately per person
 * and business), open loop: a slow answer does not slow the stream.
 */
async function stream(origin: string, businesses: string[], people: { id: string; token: string }[]) {
  const latencies: number[] = [];
  let errors = 0;
  const following = new Set<string>();
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < RATE * DURATION; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const business = businesses[i % businesses.length]!;
    const person = people[Math.floor(i / businesses.length) % people.length]!;
    const key = `${business}:${person.id}`;
    const follow = !following.has(key);
    if (follow) following.add(key);
    else following.delete(key);
    const at = performance.now();
    pending.push(
      call(origin, person.token, follow ? 'POST' : 'DELETE', `/api/establishments/${business}/follow`).then(
        () => {
          latencies.push(performance.now() - at);
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function scenario(origin: string, token: string, receiver: WebhookReceiver, webhooks: number) {
  const businesses: string[] = [];
  for (let i = 0; i < Math.max(webhooks, 1); i++) {
    const { establishment } = await call<{ establishment: { id: string } }>(
      origin,
      token,
      'POST',
      '/api/establishments',
      establishmentFields(`Bench Bar ${webhooks}-${i}`),
    );
    businesses.push(establishment.id);
  }
  // Customers as the register page makes them: signed in at once, no password typed.
  const people: { id: string; token: string }[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const { user, accessToken } = await call<{ user: { id: string }; accessToken: string }>(
      origin,
      token,
      'POST',
      '/api/account/register',
      {
        firstName: 'Bench',
        lastName: `Person ${i}`,
        email: `person-${webhooks}-${i}-${Date.now()}@bench.test`,
        phone: '+421 900 000 000',
        terms: true,
      },
    );
    people.push({ id: user.id, token: accessToken });
  }
  for (const business of webhooks > 0 ? businesses : []) {
    const { secret } = await call<{ secret: string }>(
      origin,
      token,
      'POST',
      `/api/establishments/${business}/webhooks`,
      {
        url: receiver.url,
        events: ['follow', 'unfollow'],
      },
    );
    receiver.secretOf.set(business, secret);
  }
  receiver.reset();
  const { latencies, errors, seconds } = await stream(origin, businesses, people);
  // Each action that answered made one event, so one call.
  const expected = webhooks > 0 ? latencies.length : 0;
  const until = Date.now() + 120_000;
  while (receiver.calls.length < expected && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const calls = receiver.calls.slice();
  const toReceiver = calls.map((c) => c.at - Date.parse(c.body.timestamp));
  const span =
    calls.length > 0 ? (Math.max(...calls.map((c) => c.at)) - Math.min(...calls.map((c) => c.at))) / 1000 : 0;
  return {
    webhooks,
    requests: latencies.length,
    errors,
    sentPerSecond: latencies.length / seconds,
    request: { median: median(latencies), p95: p95(latencies) },
    calls: calls.length,
    expected,
    verified: calls.filter((c) => c.verified).length,
    distinctIds: new Set(calls.map((c) => c.id)).size,
    throughput: span > 0 ? calls.length / span : 0,
    toReceiver:
      calls.length > 0
        ? { median: median(toReceiver), p95: p95(toReceiver), max: Math.max(...toReceiver) }
        : null,
  };
}

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const fresh = await freshPostgresDatabase(serverUrl, 'webhooks');
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-webhooks-'));
const receiver = await startWebhookReceiver();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  server = await startServer(dataDir, await freePort(), {
    DATABASE_URL: fresh.url,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
    WEBHOOK_CA_FILE: receiver.caFile,
  });
  const token = await adminToken(server.origin);
  log(
    `server ${version()}, PostgreSQL, ${RATE} events/s for ${DURATION} s, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const results = [];
  for (const webhooks of [0, 1, 20]) {
    const result = await scenario(server.origin, token, receiver, webhooks);
    results.push(result);
    const label = webhooks === 0 ? 'no webhook (baseline)' : `${webhooks} webhook(s), one per business`;
    log(
      `\n${label}: ${result.requests} actions at ${result.sentPerSecond.toFixed(1)}/s (${result.errors} refused), load ${loadavg()[0]!.toFixed(2)}`,
    );
    log(`  action request: median ${ms(result.request.median)}, p95 ${ms(result.request.p95)}`);
    if (result.toReceiver) {
      log(
        `  calls: ${result.calls} of ${result.expected} (${result.distinctIds} ids, ${result.verified} verified), ${result.throughput.toFixed(1)} calls/s`,
      );
      log(
        `  event -> receiver: median ${ms(result.toReceiver.median)}, p95 ${ms(result.toReceiver.p95)}, max ${ms(result.toReceiver.max)} (target p95 < 1000 ms)`,
      );
    }
  }
  const base = results[0]!;
  for (const result of results.slice(1)) {
    log(
      `\n${result.webhooks} webhook(s): action p95 x${(result.request.p95 / base.request.p95).toFixed(2)} of the baseline (${ms(result.request.p95)} vs ${ms(base.request.p95)})`,
    );
  }
} finally {
  if (server) await stopServer(server.child);
  await receiver.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}
