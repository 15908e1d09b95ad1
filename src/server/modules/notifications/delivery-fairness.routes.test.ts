/**
 * Fair share between sends (issue 33): a small send started while a big one is being delivered is
 * served next, not behind every batch the big send queued before it. The local push service answers
 * the big business's phones slowly (as a loaded push service does), so the big send takes several
 * rounds of the batch workers; what is asserted is the order the push service received messages in.
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
let push: PushService;
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

// One member a batch: the big send is 32 batches, served 4 at a time (BATCHES_IN_PARALLEL).
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
  });
});
