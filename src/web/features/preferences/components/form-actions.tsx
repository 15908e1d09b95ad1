import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';

interface Props {
  submitting: boolean;
  submitLabel: string;
  /** Cancel closes a dialog (a callback) or leaves for a page (a path). */
  cancel: (() => void) | string;
}

/** Cancel and the submit button at the end of a preference or group form. */
export function FormActions({ submitting, submitLabel, cancel }: Props) {
  const { t } = useTranslation();
  const cancelProps =
    typeof cancel === 'string' ? { component: RouterLink, to: cancel } : { onClick: cancel };
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button {...cancelProps} disabled={submitting}>
        {t('preferences.form.cancel')}
      </Button>
      <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>
    </Stack>
  );
}
