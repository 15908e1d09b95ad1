import { useTranslation } from 'react-i18next';
import { filledTranslations, TranslationFields } from '../../../components/translation-fields';
import { translateMessage } from '../../../lib/translate-message';
import type { ComposeRich } from './use-compose-rich';

/**
 * The notification's text in the other languages: followers whose app is in one of them
 * get it, on their phone, by email and in the feed; the others get the message.
 */
export function ComposeTranslationFields({ rich, disabled }: { rich: ComposeRich; disabled: boolean }) {
  const { t } = useTranslation();
  const errorOf = (code: string) => rich.errors[`translations.${code}`];
  const anyError = Object.keys(rich.errors).some((key) => key.startsWith('translations.'));
  return (
    <TranslationFields
      multiline
      hint={t('rich.translationsHint')}
      filled={Object.keys(filledTranslations(rich.translations)).length}
      defaultExpanded={anyError}
      fieldProps={(code) => ({
        value: rich.translations[code] ?? '',
        onChange: (event) => rich.setTranslation(code, event.target.value),
        disabled,
        error: Boolean(errorOf(code)),
        helperText: errorOf(code) ? translateMessage(t, errorOf(code)) : undefined,
      })}
    />
  );
}
