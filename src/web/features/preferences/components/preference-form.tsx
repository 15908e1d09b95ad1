import { Link, MenuItem, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  type Preference,
  type PreferenceBody,
  PreferenceBodySchema,
} from '../../../../shared/schemas/preference.schema';
import { filledTranslations, TranslationFields } from '../../../components/translation-fields';
import { useApiForm } from '../../../lib/use-api-form';
import { usePreferenceGroups } from '../api/preferences.api';
import { useLocalizedName } from '../localized-name';
import { preferenceErrorText, preferenceMessage } from '../preference-message';
import { FormActions } from './form-actions';

interface Props {
  defaultValues: PreferenceBody;
  submitLabel: string;
  cancel: (() => void) | string;
  save: (body: PreferenceBody) => Promise<{ preference: Preference; message: string }>;
  onSaved: (preference: Preference) => void;
  autoFocus?: boolean;
}

/** A preference's English name, its group and its translations (create and edit); errors beside each field. */
export function PreferenceForm({ defaultValues, submitLabel, cancel, save, onSaved, autoFocus }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const groups = usePreferenceGroups();
  const localName = useLocalizedName();
  const { control, handleSubmit, formState, watch, fieldProps, applyServerErrors } = useApiForm(
    PreferenceBodySchema,
    { defaultValues },
  );
  const filled = Object.keys(filledTranslations(watch('translations'))).length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { preference, message } = await save({
        ...values,
        translations: filledTranslations(values.translations),
      });
      enqueueSnackbar(preferenceMessage(t, message), { variant: 'success' });
      onSaved(preference);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(preferenceErrorText(t, error), { variant: 'error' });
    }
  });

  const noGroups = groups.data?.length === 0;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <TextField
        label={t('preferences.form.name')}
        required
        fullWidth
        autoComplete="off"
        autoFocus={autoFocus}
        {...fieldProps('name')}
      />
      <Controller
        control={control}
        name="groupId"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            fullWidth
            label={t('preferences.form.group')}
            value={groups.data ? (field.value ?? '') : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            disabled={!groups.data}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error ? (
                preferenceMessage(t, fieldState.error.message)
              ) : groups.isError ? (
                preferenceErrorText(t, groups.error)
              ) : noGroups ? (
                <Link component={RouterLink} to="/app/management/preference-groups">
                  {t('preferences.form.noGroups')}
                </Link>
              ) : undefined
            }
          >
            {(groups.data ?? []).map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {localName(group)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TranslationFields
        fieldProps={(code) => fieldProps(`translations.${code}`)}
        filled={filled}
        defaultExpanded={Boolean(formState.errors.translations)}
      />
      <FormActions submitting={formState.isSubmitting} submitLabel={submitLabel} cancel={cancel} />
    </Stack>
  );
}
