import { CONSENT_COOKIE } from './storage-keys';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether the consent cookie exists (spec section 9: consent is stored under a cookie named consent). */
export function hasConsent(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${CONSENT_COOKIE}=`));
}

/** Store the visitor's consent for a year. */
export function storeConsentCookie(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = `${CONSENT_COOKIE}=true; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}
