/** The cookie the consent banner sets (spec section 9); the server reads it too (no banner then). */
export const CONSENT_COOKIE = 'consent';

/**
 * What the consent cookie records: `all` ("Accept": page views are counted too) or `necessary`
 * ("Only necessary": the sign-in, the settings and this choice, nothing counted).
 */
export type ConsentChoice = 'all' | 'necessary';

/** The cookie's value for each choice. */
export const CONSENT_VALUE: Record<ConsentChoice, string> = { all: 'all', necessary: 'necessary' };

/** Before "Only necessary" existed, Accept stored `true`: it still means every cookie. */
const LEGACY_ALL = 'true';

/**
 * The choice a Cookie header (or document.cookie) records, or null when none is stored or the
 * value is none we wrote (the banner then asks again).
 */
export function consentChoiceOf(cookies: string | undefined): ConsentChoice | null {
  for (const part of (cookies ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    const value = rest.join('=').trim();
    if (value === CONSENT_VALUE.all || value === LEGACY_ALL) return 'all';
    if (value === CONSENT_VALUE.necessary) return 'necessary';
  }
  return null;
}
