/** Browser storage names fixed by the spec (section 9). */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const SETTINGS_KEY = 'settings';
export { CONSENT_COOKIE } from '../../shared/storage-names';
/** Set when the person turned notifications off on this device: sign-in does not subscribe it again. */
export const PUSH_OFF_KEY = 'pushOff';
/** Set when the person answered "Not now" to the feed's offer to turn notifications on. */
export const PUSH_PROMPT_DISMISSED_KEY = 'pushPromptDismissed';
/**
 * Session storage: the light register page's hand-over to the web app right after registering,
 * `{ publicId, email }`, so the app shows what comes next instead of the form.
 */
export const JUST_REGISTERED_KEY = 'justRegistered';
/**
 * Session storage: the page an admin was on when they chose "Log in as", so "Return to my account"
 * brings them back there.
 */
export const IMPERSONATION_RETURN_KEY = 'impersonationReturnTo';
