import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the browser carries from the start of a provider sign-in to its callback, signed. */
export interface SignInFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** Milliseconds since the epoch after which the flow is refused. */
  expires: number;
}

export const FLOW_COOKIE = 'broadcast_oidc_flow';
/** Long enough to sign in at the provider (a password, a second factor), short enough to be useless later. */
export const FLOW_MINUTES = 10;

const mac = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', secret).update(`oidc-flow.${payload}`).digest('base64url');

export function sealFlow(secret: Uint8Array, flow: SignInFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The flow the cookie carries, when its signature holds and it has not expired. */
export function openFlow(
  secret: Uint8Array,
  cookie: string | undefined,
  now = Date.now(),
): SignInFlow | null {
  const [payload, signature] = (cookie ?? '').split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString()) as SignInFlow;
    return flow.expires > now ? flow : null;
  } catch {
    return null;
  }
}

/** The flow cookie's value from a Cookie header (no cookie plugin: this is the only cookie the API reads). */
export function flowCookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLOW_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** Set-Cookie for the flow: only sent to the callback, gone after FLOW_MINUTES. */
export function flowCookie(value: string, secure: boolean, maxAgeSeconds = FLOW_MINUTES * 60): string {
  // Lax: the provider's redirect back is a top-level GET from another site, which Lax lets through.
  return `${FLOW_COOKIE}=${value}; Path=/api/auth/oidc; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
