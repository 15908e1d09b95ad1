import { CONSENT_VALUE, type ConsentChoice, consentChoiceOf } from '../../shared/storage-names';
import { CONSENT_COOKIE } from './storage-keys';

export type { ConsentChoice };

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Dispatched on window once the visitor chose: what waited for consent (page views) may start. */
export const CONSENT_GIVEN_EVENT = 'consent-given';

/** The stored choice (spec section 9: consent is stored under a cookie named consent), or null. */
export function storedConsent(): ConsentChoice | null {
  return consentChoiceOf(document.cookie);
}

/** Whether the visitor has chosen, either way: the banner hides then (spec section 4). */
export function hasConsent(): boolean {
  return storedConsent() !== null;
}

/** Whether page views may be sent: only after "Accept", never after "Only necessary". */
export function analyticsAllowed(): boolean {
  return storedConsent() === 'all';
}

/** Store the visitor's choice for a year, and tell whoever waits for it. */
export function storeConsentCookie(choice: ConsentChoice): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${CONSENT_COOKIE}=${CONSENT_VALUE[choice]}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  window.dispatchEvent(new Event(CONSENT_GIVEN_EVENT));
}
