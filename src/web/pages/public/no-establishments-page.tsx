import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { AuthLayout } from '../../layouts/auth-layout';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/**
 * /noestablishments, a public route (spec section 2): a customer who follows no business is told
 * how to follow one (spec section 1). A guest reads the same, with a way to sign in instead of the
 * account's buttons.
 */
export function NoEstablishmentsPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { status } = useSession();
  const onSignOut = useSignOut({ replace: true });

  if (status === 'restoring') return <FullScreenLoader />;

  const appName = t('common:appName');
  const steps = t('auth:noEstablishments.steps', { returnObjects: true, appName }) as string[];

  return (
    <AuthLayout
      title={t('auth:noEstablishments.title')}
      subtitle={t('auth:noEstablishments.text', { appName })}
      icon={<QrCodeScannerOutlined />}
    >
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }}>
        {steps.map((step, index) => (
          <Box component="li" key={step} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar
              aria-hidden
              sx={{
                width: 32,
                height: 32,
                fontSize: 15,
                fontWeight: 700,
                bgcolor: 'action.selected',
                color: 'primary.main',
              }}
            >
              {index + 1}
            </Avatar>
            <Typography>{step}</Typography>
          </Box>
        ))}
      </Stack>
      {status === 'guest' ? (
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {t('auth:noEstablishments.guestHint')}
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('auth:noEstablishments.signIn')}
          </Button>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to="/app/account" variant="contained" size="large" sx={{ flex: 1 }}>
            {t('auth:noEstablishments.account')}
          </Button>
          <Button variant="outlined" size="large" onClick={onSignOut} sx={{ flex: 1 }}>
            {t('auth:noEstablishments.signOut')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
