import { SETTINGS_KEY } from '../lib/storage-keys';

const LANG_PARAM = 'lang';

function storedLanguage(): string | undefined {
  try {
    const settings = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as { language?: unknown };
    return typeof settings.language === 'string' ? settings.language : undefined;
  } catch {
    return undefined;
  }
}

function storeLanguage(language: string): void {
  try {
    const settings = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings, language }));
  } catch {
    // Storage refused: the choice still holds for this page through its address.
  }
}

/**
 * The server chose the page's language from the browser's; a language picked before in this app
 * wins: the page is asked for again in it. True when the page is being replaced.
 */
export function applyStoredLanguage(pageLanguage: string): boolean {
  const params = new URLSearchParams(location.search);
  const stored = storedLanguage();
  if (params.has(LANG_PARAM) || !stored || stored === pageLanguage) return false;
  params.set(LANG_PARAM, stored);
  location.replace(`${location.pathname}?${params}`);
  return true;
}

/** The picker: the page in the chosen language, remembered for this app (the form's GET does the rest). */
export function watchLanguagePicker(): void {
  const select = document.getElementById('lp-lang') as HTMLSelectElement | null;
  select?.addEventListener('change', () => {
    storeLanguage(select.value);
    const params = new URLSearchParams(location.search);
    params.set(LANG_PARAM, select.value);
    location.assign(`${location.pathname}?${params}`);
  });
}
