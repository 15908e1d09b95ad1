import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id. */
  sid: string;
  /** The user's token version when issued. */
  ver: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Sign a bearer token naming the user, the session and the token version. */
export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Tokens checked lately, kept at most; the oldest checked go first. */
const VERIFIED_MAX = 10_000;

interface Verified {
  claims: AccessClaims;
  expiresAtMs: number;
}

/**
 * Tokens whose signature this process has checked, by secret: a session sends the same token with
 * every request until it is refreshed, and checking its HMAC through jose (WebCrypto, asynchronous)
 * was a fifth of a feed request's CPU. Only what jose accepted is kept, with its expiry, which is
 * checked again at every use; whether the session is still live is the caller's query, every time.
 */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Verified>>();

/** The claims of a valid, unexpired token, or null. */
export async function readAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return known.claims;
    verified.delete(token);
    return null;
  }
  const claims = await verifyAccessToken(secret, token);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims?.claims ?? null;
}

async function verifyAccessToken(secret: Uint8Array, token: string): Promise<Verified | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    // A validly signed token may still carry claims of another shape (an older format, a token
    // minted elsewhere with our secret): it is a bad token, and must not reach a uuid column.
    const { sub, sid, ver, exp } = payload;
    if (!isUuid(sub) || !isUuid(sid) || !Number.isSafeInteger(ver) || (ver as number) < 0) return null;
    if (typeof exp !== 'number') return null;
    return { claims: { sub, sid, ver: ver as number }, expiresAtMs: exp * 1000 };
  } catch {
    return null;
  }
}
