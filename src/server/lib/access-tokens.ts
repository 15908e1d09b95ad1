import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id. */
  sid: string;
  /** The user's token version when issued. */
  ver: number;
}

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
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.ver !== 'number'
    ) {
      return null;
    }
    return { sub: payload.sub, sid: payload.sid, ver: payload.ver };
  } catch {
    return null;
  }
}
