import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Container,
  Link,
  Paper,
  Skeleton,
  type SkeletonProps,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { InstallOffer } from '../../features/install/components/install-offer';
import { InstallSteps } from '../../features/install/components/install-steps';
import { visitorPlatform } from '../../features/install/visitor-platform';
import { runsInstalled, useInstallPrompt } from '../../lib/install-prompt';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

const FEED = '/app/social/feed';

/**
 * /install, where the welcome email's app link leads: what installing brings, then the browser's
 * install dialog where it offers one, the steps for Android and iPhone where it does not (the
 * visitor's platform first), or, opened from the Home Screen, that it is installed already.
 */
export function InstallPage() {
  const { t } = useTranslation();
  const appName = t('appName');
  const { canPrompt, installed, outcome } = useInstallPrompt();
  const [standalone] = useState(runsInstalled);
  const [platform] = useState(visitorPlatform);
  const [answers, setAnswers] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('install.title'));

  // The button is gone once answered: the answer takes the focus, so a keyboard is not left on the page's body.
  useEffect(() => {
    if (answers > 0) resultRef.current?.focus();
  }, [answers]);

  const order = platform === 'ios' ? (['ios', 'android'] as const) : (['android', 'ios'] as const);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 7 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={{ xs: 3, md: 4 }}>
        <Stack
          spacing={2}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, textAlign: { sm: 'center' } }}
        >
          <Avatar
            aria-hidden
            sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText' }}
          >
            <InstallMobileOutlined />
          </Avatar>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {t('install.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '1.0625rem' }}>
            {t('install.intro', { appName })}
          </Typography>
        </Stack>

        {standalone ? (
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="install-installed"
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CheckCircleOutlined color="success" aria-hidden />
                <Typography id="install-installed" variant="h6" component="h2">
                  {t('install.installed.title')}
                </Typography>
              </Stack>
              <InstalledText />
              <AccountAction />
            </Stack>
          </Paper>
        ) : installed ? (
          <Stack spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
            <Alert ref={resultRef} tabIndex={-1} severity="success" sx={{ width: '100%' }}>
              {t('install.offer.accepted', { appName })}
            </Alert>
            <AccountAction />
          </Stack>
        ) : canPrompt ? (
          <InstallOffer onAnswered={() => setAnswers((n) => n + 1)} />
        ) : (
          <Box component="section" aria-labelledby="install-steps">
            {outcome === 'dismissed' && (
              <Alert ref={resultRef} tabIndex={-1} severity="info" sx={{ mb: 3 }}>
                {t('install.offer.dismissed')}
              </Alert>
            )}
            <Typography id="install-steps" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
              {t('install.steps.title')}
            </Typography>
            <Stack spacing={2}>
              {order.map((name) => (
                <InstallSteps key={name} platform={name} thisDevice={name === platform} />
              ))}
            </Stack>
            {platform === 'other' && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
                {t('install.steps.desktop')}
              </Typography>
            )}
          </Box>
        )}

        {!standalone && !installed && <AccountLink />}
      </Stack>
    </Container>
  );
}

function InstalledText() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'restoring') return <Restoring variant="text" width="100%" />;
  return (
    <Typography sx={{ color: 'text.secondary' }}>
      {t(status === 'authenticated' ? 'install.installed.signedIn' : 'install.installed.guest', {
        appName: t('appName'),
      })}
    </Typography>
  );
}

/** The way on once installed: the feed when signed in, sign in otherwise. */
function AccountAction() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'restoring') return <Restoring variant="rounded" width={160} height={42} />;
  return status === 'authenticated' ? (
    <Button component={RouterLink} to={FEED} variant="contained" size="large">
      {t('install.account.openFeed')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" size="large">
      {t('install.account.signIn')}
    </Button>
  );
}

/** Under the steps: sign in for who has an account, the feed for who is signed in. */
function AccountLink() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'restoring') return <Restoring variant="text" width={220} />;
  return (
    <Typography sx={{ textAlign: { sm: 'center' } }}>
      {status === 'authenticated' ? (
        <Link component={RouterLink} to={FEED} underline="always">
          {t('install.account.openFeed')}
        </Link>
      ) : (
        <>
          {t('install.account.question')}{' '}
          <Link component={RouterLink} to="/login" underline="always">
            {t('install.account.signIn')}
          </Link>
        </>
      )}
    </Typography>
  );
}

/** Where a sign-in dependent part goes while the session is read. */
function Restoring(props: SkeletonProps) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('install.account.loading')} sx={{ width: props.width }}>
      <Skeleton {...props} />
    </Box>
  );
}
