import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  LOCALE_OF,
} from '../../../../shared/i18n/languages';
import { translateMessage } from '../../../lib/translate-message';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import type { ComposeRich } from './use-compose-rich';
import { hasTranslation, labelField, titleField } from './use-compose-translations';

/**
 * The post in the other languages: for each, its text, its title (when it has one) and a label for
 * each of its buttons; followers whose app is in that language get them, on their phone, by email
 * and in the feed, each field left empty being what was written above. The post is taken to be
 * written in the operator's app language, which is not offered (unless a draft brought it in).
 */
export function ComposeTranslationFields({ rich, disabled }: { rich: ComposeRich; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  const languages = rich.translated;
  const own: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const filledIn = (code: Language) =>
    hasTranslation(code, languages.translations, languages.richTranslations);
  const offered = LANGUAGES.filter((code) => code !== own || filledIn(code));
  const errorOf = (field: string) =>
    languages.errors[field] ? translateMessage(t, languages.errors[field]) : undefined;
  const anyError = Object.keys(languages.errors).length > 0;
  const [open, setOpen] = useState(false);
  // Opens to show a problem, or what a draft, a template or a past post brought in.
  useEffect(() => {
    if (anyError) setOpen(true);
  }, [anyError]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each load only, with what it brought.
  useEffect(() => {
    if (rich.loads > 0) setOpen(LANGUAGES.some(filledIn));
  }, [rich.loads]);
  // Each field is named with its language too ("Title (German)"): the same labels repeat per language.
  const field = (code: Language, name: string, label: string) => ({
    disabled,
    fullWidth: true,
    autoComplete: 'off',
    label,
    error: Boolean(errorOf(name)),
    slotProps: {
      htmlInput: { lang: LOCALE_OF[code], 'aria-label': `${label} (${format.languageLabel(code)})` },
    },
  });

  return (
    <Accordion
      variant="outlined"
      disableGutters
      expanded={open}
      onChange={(_event, next) => setOpen(next)}
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-summary`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <TranslateOutlined color="action" />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('preferences.form.translations')}</Typography>
            <Typography variant="body2" color="textSecondary">
              {t('preferences.form.translationsCount', {
                filled: offered.filter(filledIn).length,
                total: offered.length,
              })}
            </Typography>
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('rich.translationsHint')} {t('rich.translationsOwn', { language: format.languageLabel(own) })}
        </Typography>
        <Stack spacing={3}>
          {offered.map((code) => (
            <Box key={code} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1, p: 0 }}>
                {format.languageLabel(code)}
              </Typography>
              <Stack spacing={1.5}>
                <TextField
                  {...field(code, `translations.${code}`, t('notifications.compose.textLabel'))}
                  multiline
                  minRows={2}
                  value={languages.translations[code] ?? ''}
                  onChange={(event) => languages.setText(code, event.target.value)}
                  helperText={errorOf(`translations.${code}`)}
                />
                {rich.title.trim() && (
                  <TextField
                    {...field(code, titleField(code), t('rich.titleLabel'))}
                    placeholder={rich.title}
                    value={languages.richTranslations[code]?.title ?? ''}
                    onChange={(event) => languages.setTitle(code, event.target.value)}
                    helperText={errorOf(titleField(code))}
                  />
                )}
                {rich.actions.map((action, index) => (
                  <TextField
                    // biome-ignore lint/suspicious/noArrayIndexKey: a button is its place (removing one moves the next up).
                    key={index}
                    {...field(code, labelField(code, index), t('rich.buttonLabel', { n: index + 1 }))}
                    placeholder={action.label}
                    value={languages.richTranslations[code]?.actions?.[index] ?? ''}
                    onChange={(event) => languages.setLabel(code, index, event.target.value)}
                    helperText={errorOf(labelField(code, index))}
                  />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
