/**
 * A send's first batch has workers of its own (issue 33, fair share): while a big send holds every
 * batch worker (the local push service holds its requests, as a slow push service does), a bar's
 * send still reaches its first phones at once instead of waiting for a worker to come free.
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

/** How long the push service holds each of the big send's requests. */
const HOLD_MS = 6000;
let push: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

// Batches of two members: the big send (its operator and 8 followers) is 5 batches, its first in
// the first batches' lane and the other 4 in the 4 batch workers (BATCHES_IN_PARALLEL); the bar's
// (its operator and 1 follower) is 1.
const fixture = setupRouteFixture({ push: 1, env: { PUSH_BATCH_SIZE: '2' } });
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

const arrivalsOf = (id: string) =>
  push
    .messages()
    .filter((m) => (m.json as PushMessage).id === id)
    .map((m) => m.at);

/** Until the push service holds this many requests (their batches' workers wait for the answers). */
async function untilHeld(count: number) {
  const deadline = Date.now() + 20_000;
  while (push.held() < count) {
    if (Date.now() > deadline) throw new Error(`the push service holds ${push.held()} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a send's first batch", () => {
  it('reaches its first phones while a big send holds every batch worker', async () => {
    const big = await audience('Stadium Tours', 8);
    const small = await audience('Night Owl Bar', 1);
    for (const phone of big.devices) push.respondAlways(phone.endpoint, { delayMs: HOLD_MS });

    const bigSend = postOf(await sendOk(t, big.client, big.establishment.id, 'Tickets on sale'));
    // Every one of its batches is running, each worker waiting for its phones' answers.
    await untilHeld(8);
    const smallSend = postOf(await sendOk(t, small.client, small.establishment.id, 'Last orders'));

    await until(a, small.client, smallSend.id, completed, 30_000);
    await until(a, big.client, bigSend.id, completed, 60_000);
    const [smallAt] = arrivalsOf(smallSend.id);
    const bigArrivals = arrivalsOf(bigSend.id);
    expect(bigArrivals).toHaveLength(8);
    // Had it waited for a batch worker, it could not have started before the first of the big
    // send's held requests was answered.
    expect(smallAt).toBeLessThan(Math.min(...bigArrivals) + HOLD_MS);
  }, 60_000);
});
