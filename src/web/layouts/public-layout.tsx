import { AppBar, Box, Button, Container, Link, Skeleton, Stack, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { LanguagePicker } from '../components/language-picker';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { ThemePicker } from '../components/theme-picker';
import { useSession } from '../lib/session';
import { TOP_BAR_HEIGHT } from './frame-sizes';
import { ImpersonationBar } from './impersonation-bar';
import { ProductLogo } from './product-logo';

/** Public pages' frame: top bar (name, language, theme, sign in or open app), the page, a footer. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <ImpersonationBar />
      <AppBar position="sticky">
        <Container maxWidth="lg" disableGutters>
          <Toolbar
            sx={{ minHeight: { xs: TOP_BAR_HEIGHT }, height: TOP_BAR_HEIGHT, gap: 1, px: { xs: 1.5, sm: 3 } }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex' }}>
              <ProductLogo to="/home" />
            </Box>
            <LanguagePicker />
            <ThemePicker />
            <Box sx={{ marginInlineStart: { xs: 0.5, sm: 1 } }}>
              <AccountButton />
            </Box>
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}

function AccountButton() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'restoring') return <Skeleton variant="rounded" width={84} height={36} />;
  return status === 'authenticated' ? (
    <Button component={RouterLink} to="/redirect" variant="contained">
      {t('layout.openApp')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained">
      {t('layout.signIn')}
    </Button>
  );
}

const LEGAL_LINKS = [
  { to: '/gdpr/terms', label: 'layout.footer.terms' },
  { to: '/gdpr/privacy', label: 'layout.footer.privacy' },
  { to: '/gdpr/marketing', label: 'layout.footer.marketing' },
] as const;

function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container
        maxWidth="lg"
        sx={{
          py: 3,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 2,
        }}
      >
        {/* Spec section 9: the footer reads 2019-2020. */}
        <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
          {t('layout.footer.copyright', { name: t('appName') })}
        </Typography>
        <Stack
          component="nav"
          aria-label={t('layout.footer.legal')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 2.5 }}
        >
          {LEGAL_LINKS.map(({ to, label }) => (
            <Link key={to} component={RouterLink} to={to} variant="body2" color="textSecondary">
              {t(label)}
            </Link>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
