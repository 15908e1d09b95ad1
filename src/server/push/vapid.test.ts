import { createECDH } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { fullLengthPrivateKey, generateVapidKeys, VapidSigner } from './vapid';

/** A key pair whose private scalar OpenSSL gives with fewer than 32 bytes (about one in 256). */
function shortPrivateKeyPair() {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    if (ecdh.getPrivateKey().length < 32) return ecdh;
  }
}

async function verify(header: string, publicKey: string, audience: string) {
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(header)!;
  expect(key).toBe(publicKey);
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  return jwtVerify(token!, await importJWK(jwk, 'ES256'), { audience });
}

describe('VAPID', () => {
  it('pads a private key that starts with zero bytes to 32 bytes', () => {
    const ecdh = shortPrivateKeyPair();
    const padded = fullLengthPrivateKey(ecdh.getPrivateKey());
    expect(padded.length).toBe(32);
    expect(padded.subarray(32 - ecdh.getPrivateKey().length).equals(ecdh.getPrivateKey())).toBe(true);
  });

  it('signs with such a key a token the push service accepts', async () => {
    const ecdh = shortPrivateKeyPair();
    const keys = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: fullLengthPrivateKey(ecdh.getPrivateKey()).toString('base64url'),
    };
    const signer = new VapidSigner(keys, 'mailto:support@example.test');
    const { payload } = await verify(
      await signer.authorization('https://push.example'),
      keys.publicKey,
      'https://push.example',
    );
    expect(payload.sub).toBe('mailto:support@example.test');
    expect(payload.exp! - Date.now() / 1000).toBeGreaterThan(11 * 3600);
    expect(payload.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
  });

  it('reuses one token per push service and signs another for another service', async () => {
    const keys = generateVapidKeys();
    expect(Buffer.from(keys.privateKey, 'base64url').length).toBe(32);
    const signer = new VapidSigner(keys, 'mailto:support@example.test');
    const first = await signer.authorization('https://fcm.googleapis.com');
    expect(await signer.authorization('https://fcm.googleapis.com')).toBe(first);
    const other = await signer.authorization('https://updates.push.services.mozilla.com');
    expect(other).not.toBe(first);
    await verify(other, keys.publicKey, 'https://updates.push.services.mozilla.com');
  });
});
