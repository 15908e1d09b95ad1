import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import type { Config } from '../config';
import { ConfigError } from '../config';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import {
  fullLengthPrivateKey,
  PRIVATE_KEY_EXPECTED,
  PUBLIC_KEY_EXPECTED,
  privateKeyOf,
  publicKeyValid,
} from './vapid-key-format';

/** The application server's key pair (RFC 8292), base64url: 65-byte uncompressed public point, 32-byte private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';
/** Tokens live 12 h (the RFC allows up to 24 h) and are renewed an hour before they end. */
const TOKEN_TTL_SECONDS = 12 * 3600;
const RENEW_BEFORE_SECONDS = 3600;

const b64 = (value: string) => Buffer.from(value, 'base64url');

export { fullLengthPrivateKey };

/** A stored pair is checked as the environment's is (config/delivery-settings.ts). */
function assertKeys(keys: VapidKeys, source: string): VapidKeys {
  if (!publicKeyValid(keys.publicKey)) {
    throw new ConfigError(`${source}: VAPID_PUBLIC_KEY: ${PUBLIC_KEY_EXPECTED}`);
  }
  const privateKey = privateKeyOf(keys.privateKey);
  if (!privateKey) throw new ConfigError(`${source}: VAPID_PRIVATE_KEY: ${PRIVATE_KEY_EXPECTED}`);
  return { publicKey: keys.publicKey, privateKey };
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: fullLengthPrivateKey(ecdh.getPrivateKey()).toString('base64url'),
  };
}

/**
 * The VAPID keys: from the environment when set, otherwise generated once and stored in the
 * database, so the API and every worker sharing it sign with the same key and browsers'
 * subscriptions stay valid across restarts.
 */
export async function loadVapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const { publicKey, privateKey } = config.vapid;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) {
      throw new ConfigError(
        'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is generated).',
      );
    }
    return assertKeys({ publicKey, privateKey }, 'environment');
  }
  const generated = generateVapidKeys();
  // Several processes may start at once: the first insert wins and everyone reads it back.
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return assertKeys(JSON.parse(row!.value) as VapidKeys, 'stored key pair');
}

/**
 * Signs VAPID tokens, one per push service origin (the token's audience), cached until it nears
 * its expiry: signing per message would cost an ECDSA signature each time.
 */
export class VapidSigner {
  private readonly cache = new Map<string, { header: string; renewAt: number }>();
  private key: ReturnType<typeof importJWK> | undefined;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {}

  private signingKey() {
    if (!this.key) {
      const point = b64(this.keys.publicKey);
      this.key = importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33, 65).toString('base64url'),
          d: this.keys.privateKey,
        },
        'ES256',
      );
    }
    return this.key;
  }

  /** The Authorization header value for a push service origin (RFC 8292 section 3). */
  async authorization(audience: string, now = Date.now()): Promise<string> {
    const cached = this.cache.get(audience);
    if (cached && cached.renewAt > now) return cached.header;
    const issuedAt = Math.floor(now / 1000);
    const token = await new SignJWT({ sub: this.subject })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setAudience(audience)
      .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
      .sign(await this.signingKey());
    const header = `vapid t=${token}, k=${this.keys.publicKey}`;
    this.cache.set(audience, {
      header,
      renewAt: (issuedAt + TOKEN_TTL_SECONDS - RENEW_BEFORE_SECONDS) * 1000,
    });
    return header;
  }
}
