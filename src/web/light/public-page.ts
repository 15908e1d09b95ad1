/**
 * The light public pages' only script (issue 14): the server renders /{publicId} and
 * /{publicId}/register as complete HTML (src/server/modules/establishments/public-page/); this adds
 * what needs a browser: the language picker, the visit's source, the cookie banner and page view,
 * Share, and sending the registration form. No framework: it must stay a few kilobytes on a phone
 * network. A visitor signed in on this device gets the full web app instead (handOverToApp).
 */

import { hasConsent, storeConsentCookie } from '../lib/consent-cookie';
import { visitSourceOf } from '../lib/visit-source';
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
  watchRegistrationForm(data);
  const accept = document.getElementById('lp-consent-accept');
  accept?.addEventListener('click', () => {
    storeConsentCookie();
    document.getElementById('lp-consent')?.remove();
    document.getElementById('lp-consent-space')?.remove();
    recordPageView(source);
  });
  if (hasConsent()) recordPageView(source);
}
