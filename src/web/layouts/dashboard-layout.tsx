import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Container, IconButton, Stack, Toolbar } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../components/language-picker';
import { SettingsButton } from '../components/settings-button';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { ThemePicker } from '../components/theme-picker';
import { UserMenu } from '../components/user-menu';
import { PushBell } from '../features/push/components/push-bell';
import { useSession } from '../lib/session';
import { useCan } from '../lib/use-can';
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT } from './frame-sizes';
import { ImpersonationBar } from './impersonation-bar';
import { ProductLogo } from './product-logo';
import { Sidebar } from './sidebar';

export { SIDEBAR_WIDTH, TOP_BAR_HEIGHT };

/** The signed-in area's frame: top bar, sidebar (a drawer on phones), then the page. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const { user } = useSession();
  const can = useCan();
  // The device's notifications, for who may have them (not an admin acting as someone else).
  const maySubscribe = can('push:subscribe') && !user?.impersonatedBy;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      {/* Above the permanent sidebar on desktop; below the sidebar drawer on phones, which covers it. */}
      <AppBar position="fixed" sx={(theme) => ({ zIndex: { md: theme.zIndex.drawer + 1 } })}>
        <Toolbar
          disableGutters
          sx={{ minHeight: { xs: TOP_BAR_HEIGHT }, height: TOP_BAR_HEIGHT, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <IconButton
            color="inherit"
            aria-label={t('layout.openMenu')}
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', paddingInlineStart: { md: 1 } }}>
            {/* With the bell, five buttons and the avatar leave no room for the name on a phone. */}
            <ProductLogo to="/redirect" hideNameOnPhones={maySubscribe} />
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
            {maySubscribe && <PushBell />}
            <LanguagePicker />
            <ThemePicker />
            <SettingsButton />
            <Box sx={{ marginInlineStart: { xs: 0.5, sm: 1 } }}>
              <UserMenu />
            </Box>
          </Stack>
        </Toolbar>
      </AppBar>
      <Sidebar mobileOpen={mobileOpen} onMobileClose={closeMobile} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          outline: 'none',
          pt: `${TOP_BAR_HEIGHT}px`,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <ImpersonationBar />
        <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 }, flexGrow: 1 }}>
          <Outlet />
        </Container>
      </Box>
    </Box>
  );
}
