/** The cookie the consent banner sets (spec section 9); the server reads it too (no banner then). */
export const CONSENT_COOKIE = 'consent';
