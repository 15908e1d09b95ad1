import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The mail server refuses the user's address: no email reaches them until they fix it in their profile. */
export function EmailBouncedAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/app/account?tab=profile">
          {t('notify.bouncedAction')}
        </Button>
      }
    >
      {t('notify.bounced')}
    </Alert>
  );
}
