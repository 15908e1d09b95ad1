import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { b64url, fromB64url, normalizeKey, Refusal } from './common';
import type { ReceivedMessage } from './types';

// VAPID (RFC 8292)

/** RFC 8292 section 2: a token must not expire more than 24 hours from the request. */
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export type Claims = ReceivedMessage['vapid'];

/** Parse `vapid t=<jwt>, k=<key>`. */
export function parseAuthorization(header: string | undefined): { token: string; key: string } {
  if (!header) throw new Refusal(401, 'Missing Authorization header');
  const match = /^vapid\s+(.*)$/i.exec(header.trim());
  if (!match) throw new Refusal(401, 'Authorization scheme must be vapid');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Refusal(401, 'Authorization must carry t= and k=');
  return { token, key };
}

function publicKeyOf(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
      format: 'jwk',
    });
  } catch {
    throw new Refusal(401, 'k is not a point on P-256');
  }
}

/** Check the token's ES256 signature by k and the shape of its claims (not the time: see checkClaims). */
export function verifyToken(token: string, key: string): Claims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 'The VAPID token is not a JWT');
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  let header: { alg?: unknown; typ?: unknown };
  let payload: { aud?: unknown; sub?: unknown; exp?: unknown };
  try {
    header = JSON.parse(fromB64url(encodedHeader).toString('utf8'));
    payload = JSON.parse(fromB64url(encodedPayload).toString('utf8'));
  } catch {
    throw new Refusal(401, 'The VAPID token is not valid JSON');
  }
  if (header.alg !== 'ES256') throw new Refusal(401, 'The VAPID token must be signed with ES256');
  const signature = fromB64url(encodedSignature);
  if (signature.length !== 64) throw new Refusal(401, 'The VAPID signature must be 64 bytes');
  const valid = verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedPayload}`),
    { key: publicKeyOf(fromB64url(key)), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!valid) throw new Refusal(401, 'The VAPID signature does not match k');
  if (typeof payload.aud !== 'string') throw new Refusal(401, 'The VAPID token has no aud');
  if (typeof payload.exp !== 'number') throw new Refusal(401, 'The VAPID token has no exp');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Refusal(401, 'The VAPID sub must be a mailto: or https: URL');
  }
  return { aud: payload.aud, sub: payload.sub, exp: payload.exp, publicKey: normalizeKey(key) };
}

export function checkClaims(claims: Claims, origin: string): void {
  if (claims.aud !== origin) throw new Refusal(401, `The VAPID aud must be ${origin}, not ${claims.aud}`);
  const now = Date.now() / 1000;
  if (claims.exp <= now) throw new Refusal(401, 'The VAPID token has expired');
  if (claims.exp > now + MAX_TOKEN_LIFETIME_SECONDS) {
    throw new Refusal(401, 'The VAPID token expires more than 24 hours from now');
  }
}
