import UnsubscribeOutlinedIcon from '@mui/icons-material/UnsubscribeOutlined';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { EmailPause } from '../../../../shared/schemas/email-complaints.schema';
import { useLiftEmailPause } from '../../../lib/api/email-pauses.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { usePauseFigures } from '../../../lib/use-pause-figures';

/**
 * The compose form's notice that the business's email is paused for its spam complaints: since
 * when, the figures, and what to do; an admin may let it go again from here.
 */
export function EmailPausedAlert({ establishmentId, pause }: { establishmentId: string; pause: EmailPause }) {
  const { t } = useTranslation();
  const can = useCan();
  const figures = usePauseFigures();
  const lift = useLiftEmailPause();
  const { enqueueSnackbar } = useSnackbar();
  const onLift = () =>
    lift.mutate(establishmentId, {
      onSuccess: () => enqueueSnackbar(t('notifications.emailPaused.lifted'), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });
  return (
    <Alert
      severity="warning"
      icon={<UnsubscribeOutlinedIcon fontSize="inherit" />}
      data-testid="email-paused"
      action={
        can('establishment:emailResume') ? (
          <Button color="inherit" size="small" onClick={onLift} disabled={lift.isPending}>
            {t('notifications.emailPaused.lift')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{t('notifications.emailPaused.title')}</AlertTitle>
      <Stack spacing={0.5}>
        <span>{t('notifications.emailPaused.text', figures(pause))}</span>
        <span>{t('notifications.emailPaused.todo')}</span>
      </Stack>
    </Alert>
  );
}
