/**
 * GET /metrics as Prometheus scrapes it: HTTP answers by route pattern (never the raw URL) and
 * status with their durations, the job queue's depth read from pg-boss at each scrape, and push
 * request latency by push service origin, measured against the local HTTPS push service.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PushService } from '../support/push-service';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

let push: PushService;
let t: TestApp;

const fixture = setupRouteFixture({
  push: 1,
  // No workers: queued jobs stay queued, so the depth is what this test put there.
  env: { METRICS_TOKEN, WORKERS: 'false' },
  admin: false,
  timeoutMs: 120_000,
});
beforeAll(() => {
  t = fixture.t;
  push = fixture.pushes[0]!;
});

async function scrape(): Promise<string> {
  const res = await t.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

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

describe('metrics', () => {
  it('counts HTTP answers by route pattern and status, with a duration histogram', async () => {
    const id = '7d4a1f0e-9c3b-4e2a-8f61-2b5c9d0e1a34';
    for (let i = 0; i < 3; i++) {
      expect((await t.request({ method: 'GET', url: `/api/public/establishments/${id}` })).statusCode).toBe(
        404,
      );
    }
    expect((await t.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.request({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
    await t.request({ method: 'GET', url: '/wp-admin/install.php?step=1' });

    const text = await scrape();
    const route = '/api/public/establishments/:id';
    expect(sample(text, 'broadcast_http_requests_total', { route, method: 'GET', status: '404' })).toBe(3);
    expect(
      sample(text, 'broadcast_http_request_duration_seconds_count', { route, method: 'GET', status: '404' }),
    ).toBe(3);
    expect(
      sample(text, 'broadcast_http_request_duration_seconds_bucket', {
        route,
        method: 'GET',
        status: '404',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(
      sample(text, 'broadcast_http_requests_total', { route: '/health', method: 'GET', status: '200' }),
    ).toBe(1);
    expect(
      sample(text, 'broadcast_http_requests_total', { route: '/health', method: 'HEAD', status: '200' }),
    ).toBe(1);
    expect(
      sample(text, 'broadcast_http_requests_total', { route: '(not found)', method: 'GET', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Patterns, never URLs: no id, no probe path, no query.
    expect(text).not.toContain(id);
    expect(text).not.toContain('wp-admin');
  });

  it('reports the job queue depth per queue at each scrape', async () => {
    const job = { queue: 'metrics-test.depth', payload: z.object({ n: z.number() }) };
    for (let n = 0; n < 3; n++) await t.ctx.jobs.send(job, { n });
    const text = await scrape();
    expect(sample(text, 'broadcast_job_queue_depth', { queue: job.queue, state: 'waiting' })).toBe(3);
    expect(sample(text, 'broadcast_job_queue_depth', { queue: job.queue, state: 'active' })).toBe(0);
    // Every declared queue is listed, with or without jobs.
    expect(
      sample(text, 'broadcast_job_queue_depth', { queue: 'maintenance.sweep', state: 'waiting' }),
    ).toBeDefined();

    await t.ctx.jobs.send(job, { n: 3 });
    expect(sample(await scrape(), 'broadcast_job_queue_depth', { queue: job.queue, state: 'waiting' })).toBe(
      4,
    );
  });

  it('measures push request latency by push service origin', async () => {
    const subscription = push.subscribe();
    const before = sample(await scrape(), 'broadcast_push_request_duration_seconds_count', {
      origin: push.origin,
    });
    expect(before).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      // Not a valid encrypted message: the push service refuses it, and the request still took its time.
      const result = await t.ctx.push.sender.post(subscription.endpoint, Buffer.from('not encrypted'), {
        ttl: 60,
        urgency: 'normal',
      });
      expect(result.kind !== 'held' && result.status).not.toBeNull();
    }
    const text = await scrape();
    expect(sample(text, 'broadcast_push_request_duration_seconds_count', { origin: push.origin })).toBe(2);
    expect(
      sample(text, 'broadcast_push_request_duration_seconds_sum', { origin: push.origin }),
    ).toBeGreaterThan(0);
    expect(push.requests(subscription.endpoint)).toHaveLength(2);
  });
});
