import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Subscriber } from './subscribers';

export interface CryptoLimit {
  threads: number;
  seconds: number;
  messages: number;
  perSecond: number;
}

/** Our per-message encryption alone on every core (one worker thread each), for `seconds`. */
export async function measureCryptoLimit(
  subscribers: Subscriber[],
  payloadBytes: number,
  seconds = 3,
): Promise<CryptoLimit> {
  const threads = availableParallelism();
  const sample = subscribers.slice(0, 256).map((s) => ({ p256dh: s.p256dh, auth: s.auth }));
  const started = performance.now();
  const counts = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(new URL('./crypto-worker.ts', import.meta.url), {
            workerData: { subscribers: sample, payloadBytes, seconds },
          });
          worker.once('message', (result: { messages: number }) => resolve(result.messages));
          worker.once('error', reject);
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  const messages = counts.reduce((a, b) => a + b, 0);
  // Threads start a little apart; each ran `seconds`, so that is the rate's denominator.
  return { threads, seconds: elapsed, messages, perSecond: messages / seconds };
}
