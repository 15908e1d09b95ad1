import { parentPort, workerData } from 'node:worker_threads';
import { encryptForSubscription } from '../../src/server/push/encrypt';

/**
 * One thread of the crypto limit: our per-message encryption (push/encrypt.ts, the function the
 * pipeline's encryption threads run) and nothing else, over a sample of real subscriber keys.
 */
const { subscribers, payloadBytes, seconds } = workerData as {
  subscribers: { p256dh: string; auth: string }[];
  payloadBytes: number;
  seconds: number;
};
const payload = Buffer.alloc(payloadBytes, 'x');

let messages = 0;
let bytes = 0;
const deadline = performance.now() + seconds * 1000;
while (performance.now() < deadline) {
  // Checking the clock costs little next to a key generation, but not nothing: 16 messages a look.
  for (let i = 0; i < 16; i++) {
    const subscriber = subscribers[messages % subscribers.length]!;
    bytes += encryptForSubscription(subscriber.p256dh, subscriber.auth, payload).length;
    messages++;
  }
}
parentPort!.postMessage({ messages, bytes });
