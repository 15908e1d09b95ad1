import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';
import { SETTINGS_KEY } from './storage-keys';

export const THEMES = ['LIGHT', 'ONE_DARK', 'UNICORN'] as const;
export type ThemeName = (typeof THEMES)[number];

/** Settings stored under local storage `settings` (spec sections 3 and 9). */
export interface Settings {
  direction: 'ltr' | 'rtl';
  responsiveFontSizes: boolean;
  theme: ThemeName;
  language: Language;
}

const browserLanguage = (): Language => {
  const code = navigator.language.toLowerCase();
  const map: Record<string, Language> = { sv: 'se', cs: 'cz', nb: 'no', nn: 'no', 'de-at': 'at' };
  const guess = map[code] ?? map[code.slice(0, 2)] ?? code.slice(0, 2);
  return isLanguage(guess) ? guess : DEFAULT_LANGUAGE;
};

export const defaultSettings = (): Settings => ({
  direction: 'ltr',
  responsiveFontSizes: true,
  theme: 'LIGHT',
  language: browserLanguage(),
});

/** The stored settings, each field checked, falling back to the defaults. */
export function loadSettings(): Settings {
  const defaults = defaultSettings();
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>;
    return {
      direction: stored.direction === 'rtl' ? 'rtl' : defaults.direction,
      responsiveFontSizes:
        typeof stored.responsiveFontSizes === 'boolean'
          ? stored.responsiveFontSizes
          : defaults.responsiveFontSizes,
      theme: THEMES.includes(stored.theme as ThemeName) ? (stored.theme as ThemeName) : defaults.theme,
      language: isLanguage(stored.language) ? stored.language : defaults.language,
    };
  } catch {
    return defaults;
  }
}

interface SettingsContextValue {
  settings: Settings;
  /** Apply and store settings. */
  saveSettings(patch: Partial<Settings>): void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const saveSettings = useCallback((patch: Partial<Settings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const value = useMemo(() => ({ settings, saveSettings }), [settings, saveSettings]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}
