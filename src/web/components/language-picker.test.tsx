import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/support/web/render';
import { LANGUAGE_NAME, LANGUAGES, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import { changeLanguage, initI18n } from '../app/i18n';
import { loadSettings } from '../lib/settings';
import { SETTINGS_KEY } from '../lib/storage-keys';
import { LanguagePicker } from './language-picker';

const authFiles = import.meta.glob<Record<string, unknown>>('../../shared/i18n/locales/*/auth.json', {
  eager: true,
  import: 'default',
});

/** A text of the auth namespace in a language, read from the translation file (a missing one fails). */
function authText(language: Language, key: string): string {
  let value: unknown = authFiles[`../../shared/i18n/locales/${language}/auth.json`];
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string' || !value.trim()) throw new Error(`${language}/auth.json has no ${key}`);
  return value;
}

/** The sign-in page's title, from the auth namespace that each language loads on demand. */
function SignInTitle() {
  const { t } = useTranslation('auth');
  return <h1>{t('login.title')}</h1>;
}

const stored = () => JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as { language?: string } | null;

// The app's i18next is one per worker: the next test file starts in English again.
afterEach(() => changeLanguage('en'));

describe('the language picker', () => {
  it.each(LANGUAGES)('applies %s at once, stores it, and the app starts in it again', async (language) => {
    const title = authText(language, 'login.title');
    // Translated: not the English text (English itself is checked against its own file).
    if (language !== 'en') expect(title).not.toBe(authText('en', 'login.title'));
    const { user, unmount } = renderRoutes([
      {
        path: '/',
        element: (
          <>
            <LanguagePicker />
            <SignInTitle />
          </>
        ),
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Change language' }));
    await user.click(screen.getByRole('menuitem', { name: LANGUAGE_NAME[language] }));

    // Applied at once, without a reload, and stored.
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(document.documentElement.lang).toBe(LOCALE_OF[language]);
    expect(stored()?.language).toBe(language);

    // A fresh start, as main.tsx makes it: from English, i18next is started from the stored settings.
    unmount();
    await changeLanguage('en');
    await initI18n(loadSettings().language);
    renderRoutes([{ path: '/', element: <SignInTitle /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(document.documentElement.lang).toBe(LOCALE_OF[language]);
  });
});
