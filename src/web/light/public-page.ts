/**
 * The light public pages' only script: the server renders /{publicId} and
 * /{publicId}/register as complete HTML (src/server/modules/establishments/public-page/); this adds
 * what needs a browser: the language picker, the visit's source, the cookie banner and page view,
 * Share, "Get notifications" (one tap, no account) and sending the registration form. No framework: it must stay a few kilobytes on a phone
 * network. A visitor signed in on this device gets the full web app instead (handOverToApp).
 */

import { analyticsAllowed, type ConsentChoice, storeConsentCookie } from '../lib/consent-cookie';
import { visitSourceOf } from '../lib/visit-source';
import { watchGuestFollow } from './guest-follow';
import { handOverToApp, isSignedIn } from './hand-over';
import { applyStoredLanguage, watchLanguagePicker } from './language';
import type { LightPageData } from './light-page-data';
import { recordPageView } from './page-view';
import { watchRegistrationForm } from './registration-form';
import { watchShareButton } from './share';

const data = JSON.parse(document.getElementById('lp-data')?.textContent ?? '{}') as LightPageData;

if (isSignedIn()) {
  handOverToApp(data.app);
} else if (!applyStoredLanguage(data.language)) {
  const source = visitSourceOf(location.pathname, location.search);
  watchLanguagePicker();
  watchShareButton(data);
  if (data.page === 'profile') watchGuestFollow(data);
  watchRegistrationForm(data);
  // Both buttons store the choice and hide the banner; only Accept counts this view.
  const choose = (choice: ConsentChoice) => {
    storeConsentCookie(choice);
    document.getElementById('lp-consent')?.remove();
    document.getElementById('lp-consent-space')?.remove();
    if (choice === 'all') recordPageView(source);
  };
  document.getElementById('lp-consent-accept')?.addEventListener('click', () => choose('all'));
  document.getElementById('lp-consent-necessary')?.addEventListener('click', () => choose('necessary'));
  if (analyticsAllowed()) recordPageView(source);
}
