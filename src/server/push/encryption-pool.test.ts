import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import ece from 'http_ece';
import { afterEach, describe, expect, it } from 'vitest';
import { EncryptionPool } from './encryption-pool';

/** A browser's subscription keys, and what it needs to decrypt. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    job: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

function decrypt(body: Buffer | null, ua: ReturnType<typeof browser>) {
  if (!body) throw new Error('no body');
  return ece
    .decrypt(body, { version: 'aes128gcm', privateKey: ua.ecdh, authSecret: ua.auth })
    .toString('utf8');
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const pools: EncryptionPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the encryption pool', () => {
  it('starts no thread until the first encryption, which does not wait for one', async () => {
    const pool = new EncryptionPool(1, randomBytes(32));
    pools.push(pool);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.threadsReady).toBe(0);

    const ua = browser();
    const [body] = await pool.encrypt([{ ...ua.job, payload: Buffer.from('first') }]);
    // Encrypted in the event loop: the thread it started has not loaded yet.
    expect(pool.threadsReady).toBe(0);
    expect(decrypt(body!, ua)).toBe('first');

    await until(() => pool.threadsReady === 1);
    const [later, unusable] = await pool.encrypt([
      { ...ua.job, payload: Buffer.from('on the thread') },
      { p256dh: 'short', auth: ua.job.auth, payload: Buffer.from('x') },
    ]);
    expect(decrypt(later!, ua)).toBe('on the thread');
    expect(unusable).toBeNull();
  });

  it('encrypts with receipts the same before and after its threads load', async () => {
    const pool = new EncryptionPool(2, randomBytes(32));
    pools.push(pool);
    const ua = browser();
    const chunk = () => ({
      notificationId: randomUUID(),
      message: JSON.stringify({ title: 'Lunch', body: 'Soup' }),
      recipients: [randomUUID(), ua.job.p256dh, ua.job.auth],
    });
    const [before] = await pool.encryptWithReceipts(chunk());
    await until(() => pool.threadsReady === 2);
    const [after] = await pool.encryptWithReceipts(chunk());
    const plain = [decrypt(before!, ua), decrypt(after!, ua)].map((text) => JSON.parse(text));
    for (const message of plain) expect(message).toMatchObject({ title: 'Lunch', body: 'Soup' });
    expect(plain[0].receipt).toMatch(/\./);
    expect(plain[1].receipt).toMatch(/\./);
  });

  it('starts nothing once closed and still encrypts in the event loop', async () => {
    const pool = new EncryptionPool(1);
    await pool.close();
    const ua = browser();
    const [body] = await pool.encrypt([{ ...ua.job, payload: Buffer.from('after close') }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.threadsReady).toBe(0);
    expect(decrypt(body!, ua)).toBe('after close');
  });
});
