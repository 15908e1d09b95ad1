import https from 'node:https';
import webpush from 'web-push';
import type { PushOptions } from '../../src/server/push/push-sender';
import type { Subscriber } from './subscribers';

export interface BaselineResult {
  messages: number;
  accepted: number;
  failed: number;
  seconds: number;
  perSecond: number;
}

/**
 * What a typical application does: the `web-push` library's sendNotification in a loop, 50 at a
 * time, over keep-alive HTTPS/1.1 connections (Node's default agent keeps them alive too).
 */
export async function runBaseline(options: {
  origin: string;
  ca: string;
  vapid: { subject: string; publicKey: string; privateKey: string };
  subscribers: Subscriber[];
  /** The message for subscriber i, as the pipeline would send it. */
  payloadFor: (subscriber: Subscriber) => Buffer;
  push: PushOptions;
  concurrency?: number;
}): Promise<BaselineResult> {
  const { subscribers } = options;
  const agent = new https.Agent({ ca: options.ca, keepAlive: true });
  const concurrency = options.concurrency ?? 50;
  let next = 0;
  let accepted = 0;
  let failed = 0;
  let firstError: unknown;
  const started = performance.now();
  const lanes = Array.from({ length: Math.min(concurrency, subscribers.length) }, async () => {
    while (next < subscribers.length) {
      const subscriber = subscribers[next++]!;
      try {
        await webpush.sendNotification(
          {
            endpoint: `${options.origin}/push/baseline-${subscriber.id}`,
            keys: { p256dh: subscriber.p256dh, auth: subscriber.auth },
          },
          options.payloadFor(subscriber),
          {
            vapidDetails: options.vapid,
            TTL: options.push.ttl,
            urgency: options.push.urgency,
            agent,
          },
        );
        accepted++;
      } catch (error) {
        failed++;
        firstError ??= error;
      }
    }
  });
  await Promise.all(lanes);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  if (firstError) console.warn('baseline: first failure:', firstError);
  return { messages: subscribers.length, accepted, failed, seconds, perSecond: accepted / seconds };
}
