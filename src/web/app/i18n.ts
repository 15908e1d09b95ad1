import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { pluralRulesByLocale } from '../../shared/i18n/plural-rules';
import { relabelDevice } from '../lib/push-subscription';

// Each language and namespace is its own chunk, loaded when first needed.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../shared/i18n/locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../../shared/i18n/locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const NAMESPACES = ['common', 'auth'] as const;

/** Start i18next in the given language; namespaces common (default) and auth (spec section 9). */
export async function initI18n(language: Language) {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  // Resources stay under the spec's codes; plural forms follow each code's locale ("cz" -> cs-CZ).
  pluralRulesByLocale(i18next);
  document.documentElement.lang = LOCALE_OF[language];
  return i18next;
}

/** Switch language at once (spec section 4: language changes apply immediately on selection). */
export async function changeLanguage(language: Language) {
  await i18next.changeLanguage(language);
  document.documentElement.lang = LOCALE_OF[language];
  void relabelDevice();
}
