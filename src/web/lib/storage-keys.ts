/** Browser storage names fixed by the spec (section 9). */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const SETTINGS_KEY = 'settings';
export const CONSENT_COOKIE = 'consent';
