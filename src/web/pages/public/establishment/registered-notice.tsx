import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmEmailNotice } from '../../../features/account/components/confirm-email-notice';
import { PushPrompt } from '../../../features/push/components/push-prompt';

/**
 * After registering and following: the person is signed in on this device. First the
 * one tap that matters, notifications on (or, on an iPhone's browser, the Home Screen steps), then
 * the emailed link that starts the deliveries, with a way to send it again.
 */
export function RegisteredNotice({
  email,
  publicId,
  name,
}: {
  email: string;
  publicId: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <PushPrompt establishmentName={name} />
      <ConfirmEmailNotice email={email} />
      <Button component={RouterLink} to={`/${publicId}`} variant="outlined" size="large">
        {t('publicPage.register.viewPage')}
      </Button>
    </Stack>
  );
}
