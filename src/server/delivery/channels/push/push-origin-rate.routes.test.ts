// @module-tag postgres
/**
 * A push service's rate limit (PUSH_ORIGIN_RATES): every send to it shares the one
 * allowance, so a burst of sends is spread over time rather than one of them spending the quota
 * and stopping; another push service has an allowance of its own. Asserted on what the local push
 * services received: each device once, spread over the seconds the limit asks for, sends
 * interleaved, the other service not held back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../../tests/support/api-actors';
import {
  business,
  completed,
  device,
  postOf,
  sendOk,
  until,
} from '../../../../../tests/support/delivery-integrity';
import type { PushService, TestSubscription } from '../../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../../tests/support/test-app';
import type { PushMessage } from '../../../../shared/push/payload';

/** Five messages a second per push service. */
const PER_SECOND = 5;
let push: PushService;
let other: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({
  push: 2,
  env: { PUSH_ORIGIN_RATES: `*=${PER_SECOND * 60}`, PUSH_BATCH_SIZE: '3' },
});
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
  other = fixture.pushes[1]!;
});

async function audience(name: string, followers: number) {
  const { establishment, client } = await business(a, admin, name);
  const devices: TestSubscription[] = [];
  for (let i = 0; i < followers; i++)
    devices.push(await device(a, push, await a.followerOf(establishment.id)));
  return { establishment, client, devices };
}

const idsReceived = (endpoint: string) => push.messages(endpoint).map((m) => (m.json as PushMessage).id);
const firstRequestAt = (service: PushService, endpoint: string) => service.requests(endpoint)[0]!.at;

describe('a rate limit per push service', () => {
  it('spreads every send over the allowance of its push service, and no other', async () => {
    // Eight batches of three: more than the four a process runs at once, so the big send still has
    // batches waiting in the queue when the small one is sent (with four, all of them could be
    // running, each waiting for its turn at the allowance, before the small send's batch is queued).
    const big = await audience('Rate Limited Arena', 24);
    const small = await audience('Rate Limited Corner Bar', 4);
    const elsewhere = await device(a, other, await a.followerOf(small.establishment.id));

    const bigPost = postOf(await sendOk(t, big.client, big.establishment.id, 'Kick-off at eight'));
    const smallPost = postOf(await sendOk(t, small.client, small.establishment.id, 'Quiz night'));
    for (const [post, client, count] of [
      [bigPost, big.client, 24],
      [smallPost, small.client, 5],
    ] as const) {
      const done = await until(a, client, post.id, completed, 30_000);
      expect(done.delivery).toMatchObject({ status: 'done', audience: count, sent: count, failed: 0 });
    }
    for (const s of big.devices) expect(idsReceived(s.endpoint)).toEqual([bigPost.id]);
    for (const s of small.devices) expect(idsReceived(s.endpoint)).toEqual([smallPost.id]);

    // At most five granted a second: 28 requests are granted in at least six windows, so the first
    // and last grants are more than 4 s apart (unlimited, they all arrive within a tenth of a
    // second). Counted where they arrive, each lands some time after its grant (encrypted, its
    // connection opened), longer for some than others on a loaded machine,
    // so the span asserted leaves a second for that. For the same reason a request granted at a
    // second's end may land in the next, so a second may hold the allowance of two, never more.
    const times = push.requests().map((r) => r.at);
    expect(times).toHaveLength(28);
    const perSecond = new Map<number, number>();
    for (const at of times) {
      const second = Math.floor(at / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    for (const count of perSecond.values()) expect(count).toBeLessThanOrEqual(2 * PER_SECOND);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(3000);

    // Shared, not first come first served: the small send's first phone rang before the big
    // send's last, and the other push service's device did not wait for this one's allowance.
    const bigLast = Math.max(...big.devices.map((s) => firstRequestAt(push, s.endpoint)));
    const smallFirst = Math.min(...small.devices.map((s) => firstRequestAt(push, s.endpoint)));
    expect(smallFirst).toBeLessThan(bigLast);
    expect(firstRequestAt(other, elsewhere.endpoint)).toBeLessThan(
      Math.max(...small.devices.map((s) => firstRequestAt(push, s.endpoint))),
    );
  }, 60_000);
});
