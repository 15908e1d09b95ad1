import { execFile } from 'node:child_process';
import { createPublicKey, diffieHellman, generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';
import { encryptForSubscription } from '../../src/server/push/encrypt';
import type { Subscriber } from './subscribers';

export interface CryptoFloor {
  /** Where the floor comes from: `openssl speed` or, without the openssl CLI, Node's fastest primitives. */
  source: 'openssl speed' | 'node primitives';
  /** µs of one P-256 ECDH derivation and of one key generation (ECDSA signing stands in: see below). */
  ecdhMicros: number;
  keygenMicros: number;
  /** ecdh + keygen: what RFC 8291 makes every message cost at the least. */
  floorMicros: number;
  /** Node's fastest primitive path for the same two steps (generateKeyPairSync + diffieHellman). */
  nodePrimitivesMicros: number;
  /** Our whole per-message encryption (push/encrypt.ts), one core. */
  oursMicros: number;
  /** oursMicros / floorMicros. */
  multiple: number;
}

/** CPU µs this thread has used (the whole process where Node cannot tell threads apart). */
function cpuMicros(): number {
  const usage =
    (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return usage.user + usage.system;
}

/**
 * CPU µs per call of `fn`: the best of 5 rounds of `ms / 5`. CPU time, not wall-clock, as `openssl
 * speed` counts, so that other processes on the machine do not inflate one side only.
 */
function micros(fn: () => unknown, ms: number): number {
  for (let i = 0; i < 100; i++) fn();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    let n = 0;
    const started = performance.now();
    const cpu = cpuMicros();
    while (performance.now() - started < ms / 5) {
      for (let i = 0; i < 16; i++) fn();
      n += 16;
    }
    best = Math.min(best, (cpuMicros() - cpu) / n);
  }
  return best;
}

const SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

/**
 * The machine's floor for RFC 8291's unavoidable per-message crypto, a fresh P-256 key pair and one
 * ECDH derivation, from `openssl speed ecdhp256 ecdsap256` on one core: OpenSSL's speed test has no
 * EC key generation of its own, so an ECDSA signature (one fixed-base scalar multiplication, as key
 * generation, plus an inversion) stands in for it. Then our encryption per message, on one core, as
 * a multiple of that floor.
 */
export async function measureCryptoFloor(
  subscribers: Subscriber[],
  payloadBytes: number,
): Promise<CryptoFloor> {
  const sample = subscribers.slice(0, 256);
  const payload = Buffer.alloc(payloadBytes, 'x');
  let k = 0;
  const oursMicros = micros(() => {
    const s = sample[k++ % sample.length]!;
    return encryptForSubscription(s.p256dh, s.auth, payload);
  }, 1500);
  const peers = sample.map((s) =>
    createPublicKey({ key: Buffer.concat([SPKI_PREFIX, s.publicKey]), format: 'der', type: 'spki' }),
  );
  const nodePrimitivesMicros = micros(() => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    return diffieHellman({ privateKey, publicKey: peers[k++ % peers.length]! });
  }, 1500);

  let source: CryptoFloor['source'] = 'openssl speed';
  let ecdhMicros: number;
  let keygenMicros: number;
  try {
    const { stdout } = await promisify(execFile)('openssl', [
      'speed',
      '-seconds',
      '2',
      'ecdhp256',
      'ecdsap256',
    ]);
    // " 256 bits ecdsa (nistp256)   0.0000s   0.0001s  49052.8  19378.7" (sign/s, verify/s)
    // " 256 bits ecdh (nistp256)   0.0000s  24566.4" (op/s)
    const sign = /256 bits ecdsa \(nistp256\)\s+\S+\s+\S+\s+([\d.]+)/.exec(stdout);
    const ecdh = /256 bits ecdh \(nistp256\)\s+\S+\s+([\d.]+)/.exec(stdout);
    if (!sign || !ecdh) throw new Error(`unexpected openssl speed output: ${stdout.slice(-300)}`);
    ecdhMicros = 1e6 / Number(ecdh[1]);
    keygenMicros = 1e6 / Number(sign[1]);
  } catch (error) {
    console.warn(`openssl speed unavailable (${(error as Error).message}); the floor is Node's primitives`);
    source = 'node primitives';
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    ecdhMicros = micros(() => diffieHellman({ privateKey, publicKey: peers[k++ % peers.length]! }), 1000);
    keygenMicros = micros(() => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }), 1000);
  }
  const floorMicros = ecdhMicros + keygenMicros;
  return {
    source,
    ecdhMicros,
    keygenMicros,
    floorMicros,
    nodePrimitivesMicros,
    oursMicros,
    multiple: oursMicros / floorMicros,
  };
}
