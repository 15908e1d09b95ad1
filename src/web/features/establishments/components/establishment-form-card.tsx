import { Button, Card, CardContent, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  type Establishment,
  type EstablishmentFields,
  EstablishmentFieldsSchema,
} from '../../../../shared/schemas/establishment.schema';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { EstablishmentFormFields } from './establishment-form-fields';

interface Props {
  defaultValues: EstablishmentFields;
  submitLabel: string;
  cancelTo: string;
  save: (values: EstablishmentFields) => Promise<{ establishment: Establishment; message?: string }>;
  /** The spec's success message, when the server sends none. */
  fallbackMessage: string;
  onSaved: (establishment: Establishment) => void;
}

/** The admin's establishment form (create and edit): the profile fields with the active switch. */
export function EstablishmentFormCard({
  defaultValues,
  submitLabel,
  cancelTo,
  save,
  fallbackMessage,
  onSaved,
}: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { register, control, handleSubmit, formState, applyServerErrors } = useApiForm(
    EstablishmentFieldsSchema,
    { defaultValues },
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { establishment, message } = await save(values);
      enqueueSnackbar(translateMessage(t, message ?? fallbackMessage), { variant: 'success' });
      onSaved(establishment);
    } catch (error) {
      if (!applyServerErrors(error)) enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <EstablishmentFormFields
            register={register as never}
            control={control as never}
            errors={formState.errors}
            withActive
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={cancelTo} disabled={formState.isSubmitting}>
              {t('management.form.cancel')}
            </Button>
            <SubmitButton submitting={formState.isSubmitting}>{submitLabel}</SubmitButton>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
