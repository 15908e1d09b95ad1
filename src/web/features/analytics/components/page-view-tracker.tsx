import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { analyticsAllowed, CONSENT_GIVEN_EVENT } from '../../../lib/consent-cookie';
import { visitSourceOf } from '../../../lib/visit-source';
import { sendPageView } from '../api/page-view.api';

/** Whether the visitor accepted every cookie ("Accept", not "Only necessary"), updated when they choose. */
function useConsent(): boolean {
  const [consented, setConsented] = useState(analyticsAllowed);
  useEffect(() => {
    if (consented) return;
    const given = () => setConsented(analyticsAllowed());
    window.addEventListener(CONSENT_GIVEN_EVENT, given);
    return () => window.removeEventListener(CONSENT_GIVEN_EVENT, given);
  }, [consented]);
  return consented;
}

/**
 * First-party page views: each route change (a new path; a query change is the same
 * page) is sent once, with the page's visit source and, on the first view, the referrer. Nothing is
 * sent before the visitor accepts every cookie ("Only necessary" sends none); when they accept, the
 * page being read is sent. A public page's ?src= is remembered whatever the consent, for the follow
 * it may lead to (visit-source.ts).
 */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  const consented = useConsent();
  // Refs outlive React's StrictMode double run of effects: a path is sent once.
  const lastSent = useRef<string | null>(null);
  const sentAny = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path (not a new query) is the trigger
  useEffect(() => {
    const source = visitSourceOf(pathname, search);
    // The cookie is read again too: consent given in another tab counts from the next page on.
    if (!(consented || analyticsAllowed()) || lastSent.current === pathname) return;
    lastSent.current = pathname;
    const referrer = sentAny.current ? '' : document.referrer;
    sentAny.current = true;
    sendPageView({
      path: pathname,
      ...(referrer ? { referrer } : {}),
      ...(source ? { source } : {}),
    });
  }, [pathname, consented]);

  return null;
}
