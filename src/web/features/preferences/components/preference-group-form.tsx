import { Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import {
  type PreferenceGroup,
  type PreferenceGroupBody,
  PreferenceGroupBodySchema,
} from '../../../../shared/schemas/preference.schema';
import { filledTranslations, TranslationFields } from '../../../components/translation-fields';
import { useApiForm } from '../../../lib/use-api-form';
import { preferenceErrorText, preferenceMessage } from '../preference-message';
import { FormActions } from './form-actions';

interface Props {
  defaultValues: PreferenceGroupBody;
  submitLabel: string;
  cancel: (() => void) | string;
  save: (body: PreferenceGroupBody) => Promise<{ group: PreferenceGroup; message: string }>;
  onSaved: (group: PreferenceGroup) => void;
  autoFocus?: boolean;
}

/** A preference group's English name and its translations (create and edit); errors beside each field. */
export function PreferenceGroupForm({ defaultValues, submitLabel, cancel, save, onSaved, autoFocus }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { handleSubmit, formState, watch, fieldProps, applyServerErrors } = useApiForm(
    PreferenceGroupBodySchema,
    { defaultValues },
  );
  const filled = Object.keys(filledTranslations(watch('translations'))).length;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { group, message } = await save({
        ...values,
        translations: filledTranslations(values.translations),
      });
      enqueueSnackbar(preferenceMessage(t, message), { variant: 'success' });
      onSaved(group);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(preferenceErrorText(t, error), { variant: 'error' });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <TextField
        label={t('preferences.groups.form.name')}
        required
        fullWidth
        autoComplete="off"
        autoFocus={autoFocus}
        {...fieldProps('name')}
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
