// @module-tag postgres
/**
 * A worker's own /metrics (WORKER_METRICS_PORT): its delivery counters and the job queue's depth
 * in Prometheus text, scraped over real HTTP after a delivery, behind METRICS_TOKEN like the web
 * process's. On PostgreSQL also as `npm run worker` in its own process next to a web process
 * without workers, which has none of the deliveries to show.
 */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config';
import { startWorkerMetrics } from '../../src/server/worker-metrics';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { actors } from '../support/api-actors';
import {
  api,
  audience,
  environment,
  finished,
  killed,
  push,
  setupCrashTests,
  startProcess,
  untilListening,
} from '../support/crash-processes';
import { freePort } from '../support/free-port';
import { startTestApp, type TestApp } from '../support/test-app';

setupCrashTests();

const METRICS_TOKEN = 'worker-metrics-token-0123456789';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The value of the sample `name{...}` carrying every given label, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const scrape = (url: string, token?: string) =>
  fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** Scrape until the worker has counted `sent` deliveries (its counter moves as its batches finish). */
async function sentCount(url: string, sent: number, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await scrape(url, METRICS_TOKEN);
    expect(res.status).toBe(200);
    const text = await res.text();
    if (sample(text, 'broadcast_deliveries_total', { outcome: 'sent' }) === sent || Date.now() > until) {
      return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a worker's metrics port", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN, PUSH_CA_FILE: push.caFile });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves the worker registry after a delivery, only with METRICS_TOKEN, and closes', async () => {
    const server = await startWorkerMetrics(t.ctx, 0);
    try {
      if (!server) throw new Error('no metrics server on port 0');
      expect(server.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/metrics$/);
      const url = server.url.replace('0.0.0.0', '127.0.0.1');
      expect((await scrape(url)).status).toBe(401);
      expect((await scrape(url, 'not-the-token-0123456789')).status).toBe(401);

      const a = actors(t);
      const owner = await a.userWithRole('admin', 'metrics-admin');
      const establishment = await a.establishment(owner, 'Metrics Café');
      const follower = await a.followerOf(establishment.id);
      const subscription = push.subscribe();
      const subscribed = await a.call('POST', '/notifications/subscribe', subscription, follower.token);
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      const sent = await a.call(
        'POST',
        `/api/establishments/${establishment.id}/notifications`,
        { text: 'Counted by the worker', post: true },
        owner.token,
      );
      expect(sent.statusCode, sent.body).toBe(202);

      const text = await sentCount(url, 1);
      expect(sample(text, 'broadcast_deliveries_total', { outcome: 'sent' })).toBe(1);
      expect(
        sample(text, 'broadcast_job_queue_depth', { queue: 'maintenance.sweep', state: 'waiting' }),
      ).toBeDefined();
      expect(push.messages(subscription.endpoint)).toHaveLength(1);

      await server.close();
      await expect(scrape(url, METRICS_TOKEN)).rejects.toThrow();
    } finally {
      await server?.close();
    }
  }, 60_000);

  it('is not opened without WORKER_METRICS_PORT', async () => {
    expect(t.ctx.config.workerMetricsPort).toBeUndefined();
    expect(await startWorkerMetrics(t.ctx)).toBeUndefined();
  });

  it('names WORKER_METRICS_PORT when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const error = await startWorkerMetrics(t.ctx, port).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        {
          setting: 'WORKER_METRICS_PORT',
          message: `${port} is in use on 0.0.0.0 by another process: expected a free port`,
        },
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  if (onPostgres)
    it('of `npm run worker` counts the deliveries the web process (WORKERS=false) cannot', async () => {
      const metricsPort = await freePort();
      const { env, base, cleanup } = await environment({ METRICS_TOKEN });
      try {
        const web = startProcess('main', { ...env, WORKERS: 'false' });
        await untilListening(base, web);
        const worker = startProcess('worker', { ...env, WORKER_METRICS_PORT: String(metricsPort) });
        const url = `http://127.0.0.1:${metricsPort}/metrics`;
        const until = Date.now() + 60_000;
        while (!(await scrape(url, METRICS_TOKEN).catch(() => undefined))?.ok) {
          if (worker.exitCode !== null) throw new Error(`worker exited with ${worker.exitCode}`);
          if (Date.now() > until) throw new Error('the worker never opened its metrics port');
          await new Promise((r) => setTimeout(r, 200));
        }
        expect((await scrape(url)).status).toBe(401);

        const { token, establishmentId } = await audience(base, 3);
        const { notification } = await api<{ notification: Post }>(
          base,
          'POST',
          `/api/establishments/${establishmentId}/notifications`,
          { text: 'Sent by the worker', post: true },
          token,
        );
        const post = await finished(base, token, notification.id);
        expect(post.delivery).toMatchObject({ status: 'done', sent: 3 });
        expect(sample(await sentCount(url, 3), 'broadcast_deliveries_total', { outcome: 'sent' })).toBe(3);
        // The web process ran no job: its own /metrics has no delivery.
        const webText = await (await scrape(`${base}/metrics`, METRICS_TOKEN)).text();
        expect(sample(webText, 'broadcast_deliveries_total', { outcome: 'sent' })).toBeUndefined();

        // A clean stop closes the port.
        const stopped = new Promise<number | null>((resolve) => worker.once('exit', resolve));
        worker.kill('SIGTERM');
        expect(await stopped).toBe(0);
        await expect(scrape(url, METRICS_TOKEN)).rejects.toThrow();
        await killed(web);
      } finally {
        await cleanup();
      }
    }, 180_000);
});
