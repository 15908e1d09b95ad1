import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Grid,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, LOCALE_OF } from '../../shared/i18n/languages';
import type { Translations } from '../../shared/schemas/preference.schema';
import { useLocaleFormat } from '../lib/use-locale-format';

/** The languages a text is translated into: English is the text itself. */
export const OTHER_LANGUAGES = LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE);

/** Only the translations with text: an empty one means "show the English name". */
export function filledTranslations(translations: Translations | undefined): Translations {
  return Object.fromEntries(
    Object.entries(translations ?? {}).filter(([, text]) => Boolean(text?.trim())),
  ) as Translations;
}

interface Props {
  /** A registered text field's props for `translations.<code>` (useApiForm's fieldProps). */
  fieldProps: (language: Language) => Partial<TextFieldProps>;
  /** How many translations hold text, said on the closed section. */
  filled: number;
  /** Open at start, e.g. when a translation has an error. */
  defaultExpanded?: boolean;
  /** What a language left empty gets (default: the preferences' "shows the English name"). */
  hint?: string;
  /** Several lines per language, for a message rather than a name. */
  multiline?: boolean;
}

/** A text in the 7 other languages, in a section that opens on demand (English is the text itself, the rest optional). */
export function TranslationFields({ fieldProps, filled, defaultExpanded, hint, multiline }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  return (
    <Accordion
      variant="outlined"
      disableGutters
      defaultExpanded={defaultExpanded}
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-summary`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <TranslateOutlined color="action" />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('preferences.form.translations')}</Typography>
            <Typography variant="body2" color="textSecondary">
              {t('preferences.form.translationsCount', { filled, total: OTHER_LANGUAGES.length })}
            </Typography>
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {hint ?? t('preferences.form.translationsHint')}
        </Typography>
        <Grid container spacing={2}>
          {OTHER_LANGUAGES.map((code) => (
            <Grid key={code} size={{ xs: 12, sm: multiline ? 12 : 6 }}>
              <TextField
                label={format.languageLabel(code)}
                autoComplete="off"
                fullWidth
                multiline={multiline}
                minRows={multiline ? 2 : undefined}
                {...fieldProps(code)}
                slotProps={{ htmlInput: { lang: LOCALE_OF[code] } }}
              />
            </Grid>
          ))}
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
