import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Msg } from '../../../../../shared/messages';
import type { PublicEstablishment } from '../../../../../shared/schemas/establishment.schema';
import { useSession } from '../../../../lib/session';
import { translateMessage } from '../../../../lib/translate-message';
import { useFollowRelation, useFollowToggle } from './follow-actions';
import { OpenDashboardButton } from './open-dashboard-button';

/** The registration page for someone already signed in: follow in one click instead of a form. */
export function SignedInFollow({ establishment }: { establishment: PublicEstablishment }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const relation = useFollowRelation(establishment);
  const { toggle, pending } = useFollowToggle(establishment);
  const { name, publicId } = establishment;
  const pageButton = (
    <Button component={RouterLink} to={`/${publicId}`} variant="outlined" size="large">
      {t('publicPage.register.viewPage')}
    </Button>
  );

  if (relation === 'operator') {
    return (
      <Stack spacing={2}>
        <OpenDashboardButton establishmentId={establishment.id} />
        {pageButton}
      </Stack>
    );
  }
  if (relation === 'following') {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{t('publicPage.register.alreadyFollowing', { name })}</Alert>
        {pageButton}
        <Button component={RouterLink} to="/redirect" size="large">
          {t('publicPage.register.openApp')}
        </Button>
      </Stack>
    );
  }
  const inactive = establishment.status === 'inactive';
  return (
    <Stack spacing={2}>
      {user && (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('publicPage.register.signedInAs', { email: user.email })}
        </Typography>
      )}
      {inactive && <Alert severity="warning">{translateMessage(t, Msg.establishmentInactive)}</Alert>}
      <Button
        variant="contained"
        size="large"
        startIcon={<NotificationsActiveOutlined />}
        disabled={inactive || pending || relation === 'unknown'}
        onClick={() => toggle(true)}
      >
        {t('publicPage.register.followName', { name })}
      </Button>
      {pageButton}
    </Stack>
  );
}
