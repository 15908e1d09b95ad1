import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const LANDING_LANGUAGE = 'sk';

/**
 * The spec says the landing page is in Slovak, whatever language the visitor picked. Its texts are
 * ordinary `home` keys; this loads the Slovak `common` bundle and, when it exists, renders with a
 * translator fixed to Slovak (`getFixedT('sk', 'common')`). Until the Slovak translation is
 * written (or if it fails to load) the page falls back to the visitor's current language.
 */
export function useLandingTranslation(): { t: TFunction; lang: string | undefined; ready: boolean } {
  const { t, i18n } = useTranslation('common');
  const hasSlovak = () => i18n.hasResourceBundle(LANDING_LANGUAGE, 'common');
  const [state, setState] = useState<'loading' | 'done'>(() => (hasSlovak() ? 'done' : 'loading'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    if (state === 'done') return;
    let active = true;
    // A missing bundle is reported through the callback, not as a rejection: either way, stop waiting.
    i18n.loadLanguages(LANDING_LANGUAGE).finally(() => active && setState('done'));
    return () => {
      active = false;
    };
  }, []);
  if (state === 'loading') return { t, lang: i18n.resolvedLanguage, ready: false };
  if (hasSlovak())
    return { t: i18n.getFixedT(LANDING_LANGUAGE, 'common'), lang: LANDING_LANGUAGE, ready: true };
  return { t, lang: i18n.resolvedLanguage, ready: true };
}
