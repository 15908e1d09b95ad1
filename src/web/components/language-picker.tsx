import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAME, LANGUAGES, LOCALE_OF } from '../../shared/i18n/languages';
import { changeLanguage } from '../app/i18n';
import { useSettings } from '../lib/settings';
import { PickerMenu } from './picker-menu';

/** Top-bar language menu: the choice applies at once and is stored in the settings. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { settings, saveSettings } = useSettings();
  return (
    <PickerMenu
      label={t('languages.select')}
      icon={<TranslateIcon />}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: LANGUAGE_NAME[language],
        lang: LOCALE_OF[language],
      }))}
      selected={settings.language}
      onSelect={(language) => {
        saveSettings({ language });
        void changeLanguage(language);
      }}
    />
  );
}
