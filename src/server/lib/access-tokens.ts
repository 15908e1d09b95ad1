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

/** The claims of a valid, unexpired token, or null. */
export async function readAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    // A validly signed token may still carry claims of another shape (an older format, a token
    // minted elsewhere with our secret): it is a bad token, and must not reach a uuid column.
    const { sub, sid, ver } = payload;
    if (!isUuid(sub) || !isUuid(sid) || !Number.isSafeInteger(ver) || (ver as number) < 0) return null;
    return { sub, sid, ver: ver as number };
  } catch {
    return null;
  }
}
