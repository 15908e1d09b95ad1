import { createECDH, randomBytes, randomUUID } from 'node:crypto';

/** A browser's push subscription as the benchmark makes it: real P-256 public key, 16-byte auth secret. */
export interface Subscriber {
  id: string;
  userId: string;
  publicKey: Buffer;
  authSecret: Buffer;
  p256dh: string;
  auth: string;
}

/** `count` subscriptions with fresh keys (the private halves are dropped: the push service only counts). */
export function makeSubscribers(count: number): Subscriber[] {
  const list: Subscriber[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const authSecret = randomBytes(16);
    list[i] = {
      id: randomUUID(),
      userId: randomUUID(),
      publicKey,
      authSecret,
      p256dh: publicKey.toString('base64url'),
      auth: authSecret.toString('base64url'),
    };
  }
  return list;
}
