import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { Alert, Avatar, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { RegistrationForm } from '../../features/account/components/registration-form';
import { useAcceptInvitation, useInvitationPreview } from '../../features/establishments/api/invitations.api';
import { voiceMessage } from '../../features/establishments/components/operator-invitations-card';
import { AuthLayout } from '../../layouts/auth-layout';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { logoUrl } from '../../lib/media-urls';
import { useSession } from '../../lib/session';

/**
 * /invitation/:token: an invitation to operate a business. It says who invites to what;
 * signed in with the invited address, Accept; with another, says so; signed out, sign in (the
 * address has an account) or sign up right here with the address filled in, then Accept.
 */
export function InvitationPage() {
  const { t } = useTranslation(['common', 'auth']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { status, user, logout } = useSession();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();

  if (preview.isPending || status === 'restoring') {
    return (
      <AuthLayout title={t('voice.accept.loading')} icon={<CircularProgress color="inherit" size={32} />}>
        <Box role="status" aria-live="polite" />
      </AuthLayout>
    );
  }
  if (preview.isError) {
    const gone = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <AuthLayout title={t('voice.accept.invalidTitle')} icon={<LinkOffOutlined />} iconTone="error">
        <Stack spacing={2.5}>
          <Alert severity="error">
            {gone ? t('voice.serverMessages.invitationInvalid') : apiErrorText(t, preview.error)}
          </Alert>
          <Button component={RouterLink} to="/redirect" variant="contained" size="large">
            {t('voice.accept.continue')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const invitation = preview.data;
  const signedIn = status === 'authenticated' && user;
  const sameAddress = signedIn && user.email.toLowerCase() === invitation.email;
  const here = `/invitation/${token}`;

  const onAccept = async () => {
    try {
      const { establishmentId, message } = await accept.mutateAsync(token);
      enqueueSnackbar(voiceMessage(t, message), { variant: 'success' });
      navigate(`/app/establishment/${establishmentId}`, { replace: true });
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError ? voiceMessage(t, error.message) : apiErrorText(t, error), {
        variant: 'error',
      });
    }
  };

  return (
    <AuthLayout
      title={t('voice.accept.title', { name: invitation.establishment.name })}
      subtitle={
        invitation.invitedBy
          ? t('voice.accept.subtitleBy', {
              inviter: invitation.invitedBy,
              name: invitation.establishment.name,
            })
          : t('voice.accept.subtitle', { name: invitation.establishment.name })
      }
      icon={<BadgeOutlined />}
    >
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={logoUrl(invitation.establishment.logo)} variant="rounded" alt="">
            {invitation.establishment.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {invitation.establishment.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {t('voice.accept.for', { email: invitation.email })}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="body2">{t('voice.accept.what')}</Typography>
        {sameAddress ? (
          <Button variant="contained" size="large" loading={accept.isPending} onClick={onAccept}>
            {t('voice.accept.accept')}
          </Button>
        ) : signedIn ? (
          <>
            <Alert severity="warning">{t('voice.serverMessages.invitationOtherEmail')}</Alert>
            <Button
              variant="outlined"
              onClick={async () => {
                await logout();
                navigate('/login', { state: { from: here } });
              }}
            >
              {t('voice.accept.switchAccount')}
            </Button>
          </>
        ) : invitation.accountExists ? (
          <Button
            variant="contained"
            size="large"
            onClick={() => navigate('/login', { state: { from: here } })}
          >
            {t('voice.accept.signIn')}
          </Button>
        ) : (
          <>
            <Typography variant="subtitle2" component="h2">
              {t('voice.accept.signUp')}
            </Typography>
            <RegistrationForm
              email={invitation.email}
              autoFocus={false}
              submitLabel={t('voice.accept.signUpSubmit')}
              onRegistered={() => undefined}
            />
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
