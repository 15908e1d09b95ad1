/**
 * 429 against the real pipeline: a local push service throttles some endpoints, or all of
 * them, as FCM does per device and per project. What is asserted is what the push service received
 * and what the sender reads on the post page: every healthy device gets its message once, a
 * throttled endpoint waits as long as it asks, only requests made count as tries, and a push
 * service throttling us as a whole holds back only its own deliveries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import {
  business,
  completed,
  device,
  postOf,
  sendOk,
  until,
} from '../../../../tests/support/delivery-integrity';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import type { PushMessage } from '../../../shared/push/payload';

const MAX_ATTEMPTS = 3;
let push: PushService;
let other: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({
  push: 2,
  // Few requests in flight, so a send takes several rounds of requests: what one round's 429s do
  // to the next is seen.
  env: { PUSH_MAX_ATTEMPTS: String(MAX_ATTEMPTS), PUSH_CONCURRENCY: '4', PUSH_BATCH_SIZE: '5' },
});
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
  other = fixture.pushes[1]!;
});

/** `followers` followers of a new business with `each` devices on `service`. */
async function audience(name: string, followers: number, each: number, service = push) {
  const { establishment, client } = await business(a, admin, name);
  const devices = [];
  for (let i = 0; i < followers; i++) {
    const follower = await a.followerOf(establishment.id);
    for (let j = 0; j < each; j++) devices.push(await device(a, service, follower));
  }
  return { establishment, client, devices };
}

const statusesOf = (service: PushService, endpoint: string) =>
  service.requests(endpoint).map((r) => r.status);
const idsReceived = (service: PushService, endpoint: string) =>
  service.messages(endpoint).map((m) => (m.json as PushMessage).id);

describe('a push service answering 429', () => {
  it('slows only the endpoints that answer 429: every healthy device receives once, and tries are requests made', async () => {
    const { establishment, client, devices } = await audience('Throttled Tavern', 8, 5);
    const throttled = devices.slice(0, 4);
    const broken = devices[4]!;
    const healthy = devices.slice(5);
    for (const s of throttled) push.respondAlways(s.endpoint, { status: 429, retryAfter: 1 });
    push.respondAlways(broken.endpoint, { status: 503 });

    const sent = postOf(await sendOk(t, client, establishment.id, 'Happy hour until eight'));
    const done = await until(a, client, sent.id, completed, 30_000);
    expect(done.delivery).toMatchObject({
      status: 'done',
      audience: 40,
      sent: 35,
      failed: 5,
      gone: 0,
      pending: 0,
    });
    for (const s of healthy) {
      expect(idsReceived(push, s.endpoint)).toEqual([sent.id]);
      // Never held back as a 429 of someone else's: one request, accepted.
      expect(statusesOf(push, s.endpoint)).toEqual([201]);
    }
    // Those that never accept fail after PUSH_MAX_ATTEMPTS requests, each one real, and a 429's
    // next try comes no sooner than its Retry-After.
    for (const s of throttled) {
      const requests = push.requests(s.endpoint);
      expect(requests.map((r) => r.status)).toEqual(Array(MAX_ATTEMPTS).fill(429));
      for (let i = 1; i < requests.length; i++)
        expect(requests[i]!.at - requests[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    }
    expect(statusesOf(push, broken.endpoint)).toEqual(Array(MAX_ATTEMPTS).fill(503));
    for (const s of devices) push.respondAlways(s.endpoint, null);
  }, 40_000);

  it('pauses as a whole only when most of its endpoints answer 429, holding back nothing of other push services', async () => {
    const { establishment, client, devices } = await audience('Rationed Rum Bar', 6, 4);
    const follower = await a.followerOf(establishment.id);
    const elsewhere = await device(a, other, follower);
    // The project's quota is spent: every endpoint of this push service answers 429 for a while.
    push.respondToAll({ status: 429, retryAfter: 2 });
    const startedAt = Date.now();
    const sent = postOf(await sendOk(t, client, establishment.id, 'Two for one'));

    // The other push service is not held back.
    await until(a, client, sent.id, (post) => (post.delivery?.sent ?? 0) >= 1, 10_000);
    expect(idsReceived(other, elsewhere.endpoint)).toEqual([sent.id]);
    const elsewhereAt = other.requests(elsewhere.endpoint)[0]!.at;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    push.respondToAll(null);

    const done = await until(a, client, sent.id, completed, 30_000);
    expect(done.delivery).toMatchObject({ status: 'done', audience: 25, sent: 25, failed: 0, pending: 0 });
    const throttledRequests = devices
      .flatMap((s) => push.requests(s.endpoint))
      .filter((r) => r.status === 429);
    // Once the origin was judged throttled, the rest waited without a request: far fewer 429s
    // than devices, and no device asked more than once before it received.
    expect(throttledRequests.length).toBeLessThan(devices.length);
    for (const s of devices) {
      expect(idsReceived(push, s.endpoint)).toEqual([sent.id]);
      expect(statusesOf(push, s.endpoint).filter((status) => status === 429).length).toBeLessThanOrEqual(1);
    }
    // Those held back went out after the pushed service's Retry-After, the other one at once.
    const firstAccepted = Math.min(
      ...devices.flatMap((s) =>
        push
          .requests(s.endpoint)
          .filter((r) => r.status === 201)
          .map((r) => r.at),
      ),
    );
    expect(firstAccepted - startedAt).toBeGreaterThanOrEqual(1500);
    expect(elsewhereAt).toBeLessThan(firstAccepted);
  }, 40_000);
});
