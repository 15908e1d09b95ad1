import { decodeJwt } from 'jose';

/** Seconds since epoch at which a JWT expires, read without verifying (the server verifies). */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Spec section 9: a token is valid only if its expiry lies in the future. */
export const isTokenValid = (token: string | null): token is string => {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > Date.now();
};
