import { MenuItem, TextField } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAME, LANGUAGES, LOCALE_OF } from '../../shared/i18n/languages';
import { translateMessage } from '../lib/translate-message';

/**
 * The language of an account registered for someone else (an operator, a customer): their welcome
 * email is written in it. The form starts it at the registering person's language.
 */
export function RegistrationLanguageField<F extends FieldValues>({
  control,
  name,
}: {
  control: Control<F>;
  name: Path<F>;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={t('registrationLanguage.label')}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error ? translateMessage(t, fieldState.error.message) : t('registrationLanguage.help')
          }
        >
          {LANGUAGES.map((code) => (
            <MenuItem key={code} value={code} lang={LOCALE_OF[code]}>
              {LANGUAGE_NAME[code]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
