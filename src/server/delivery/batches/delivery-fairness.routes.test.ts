/**
 * Fair share between sends: a small send started while a big one is being delivered is
 * served next, not behind every batch the big send queued before it, and its first batch has
 * workers of its own. The local push service answers the big business's phones slowly (as a loaded
 * push service does), so the big send takes several rounds of the batch workers; what is asserted is
 * when and in what order the push service received messages.
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

const BIG = 32;
const SLOW_MS = 250;
/** How long the push service holds each of the big send's requests in the first batch's test. */
const HOLD_MS = 6000;
let push: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

// One member a batch: the big send is 32 batches, its first in the first batches' lane and the
// rest served 4 at a time (BATCHES_IN_PARALLEL).
const fixture = setupRouteFixture({ push: 1, env: { PUSH_BATCH_SIZE: '1' } });
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

async function audience(name: string, followers: number) {
  const { establishment, client } = await business(a, admin, name);
  const devices = [];
  for (let i = 0; i < followers; i++)
    devices.push(await device(a, push, await a.followerOf(establishment.id)));
  return { establishment, client, devices };
}

/** Until the push service holds this many requests (their batches' workers wait for the answers). */
async function untilHeld(count: number) {
  const deadline = Date.now() + 20_000;
  while (push.held() < count) {
    if (Date.now() > deadline) throw new Error(`the push service holds ${push.held()} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const arrivalsOf = (id: string) =>
  push
    .messages()
    .filter((m) => (m.json as PushMessage).id === id)
    .map((m) => m.at);

describe('fair share between sends', () => {
  it('a small send started during a big one is delivered next, not after it', async () => {
    const big = await audience('Football Club', BIG);
    const small = await audience('Corner Bar', 1);
    for (const phone of big.devices) push.respondAlways(phone.endpoint, { delayMs: SLOW_MS });

    const bigSend = postOf(
      await sendOk(t, big.client, big.establishment.id, 'Match day: doors open at 17:00'),
    );
    // The big send is under way: its first phones rang, the rest of its batches wait in the queue.
    await push.waitForMessages(1, 20_000);
    const smallSend = postOf(await sendOk(t, small.client, small.establishment.id, 'Happy hour now'));

    await until(a, small.client, smallSend.id, completed, 30_000);
    await until(a, big.client, bigSend.id, completed, 60_000);
    const [smallAt] = arrivalsOf(smallSend.id);
    const bigArrivals = arrivalsOf(bigSend.id);
    expect(bigArrivals).toHaveLength(BIG);
    // First come, first served would deliver it after all 32; fairly, it goes out in the next
    // round of the workers, while most of the big send is still to come.
    const bigBefore = bigArrivals.filter((at) => at < smallAt!).length;
    expect(bigBefore).toBeLessThanOrEqual(BIG / 2);
    // The bound of a hung test, above its own waits (the suite's 30 s default was below them, and a
    // busy machine ran into it: 8 s alone, over 30 s beside the rest of the suite and other work).
  }, 120_000);

  it("a send's first batch reaches its phones while a big send holds every batch worker", async () => {
    // The operators follow with a device too: with one member a batch, every batch has a device,
    // so each send's first batch (at place 0) is a push batch, in the first batches' lane.
    const big = await audience('Stadium Tours', 8);
    const small = await audience('Night Owl Bar', 1);
    const bigPhones = [...big.devices, await device(a, push, big.client)];
    await device(a, push, small.client);
    for (const phone of bigPhones) push.respondAlways(phone.endpoint, { delayMs: HOLD_MS });

    const bigSend = postOf(await sendOk(t, big.client, big.establishment.id, 'Tickets on sale'));
    // Its first batch in the lane, the next four in the four batch workers (BATCHES_IN_PARALLEL),
    // each waiting for its phone's answer; the other four wait in the queue.
    await untilHeld(5);
    const smallSend = postOf(await sendOk(t, small.client, small.establishment.id, 'Last orders'));

    await until(a, small.client, smallSend.id, completed, 30_000);
    await until(a, big.client, bigSend.id, completed, 60_000);
    const bigArrivals = arrivalsOf(bigSend.id);
    expect(bigArrivals).toHaveLength(9);
    // Had it waited for a batch worker, it could not have started before the first of the big
    // send's held requests was answered.
    expect(Math.min(...arrivalsOf(smallSend.id))).toBeLessThan(Math.min(...bigArrivals) + HOLD_MS);
  }, 120_000);
});
