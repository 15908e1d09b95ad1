import {
  AppBar,
  Avatar,
  Box,
  Button,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../lib/session';

export const TOP_BAR_HEIGHT = 64;

/** The signed-in area's frame: top bar with the user menu (Home, Account, Logout), then the page. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  const onLogout = async () => {
    setMenuAnchor(null);
    try {
      await logout();
      navigate('/login');
    } catch {
      enqueueSnackbar(t('errors.logoutFailed'), { variant: 'error' });
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ minHeight: TOP_BAR_HEIGHT, gap: 2 }}>
          <Button
            component={RouterLink}
            to="/redirect"
            color="inherit"
            sx={{ fontWeight: 700, fontSize: 18 }}
          >
            {t('appName')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <IconButton
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            aria-label={fullName}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? 'user-menu' : undefined}
          >
            <Avatar src={user?.avatar ? `/image/logo/${user.avatar}.jpeg` : undefined} alt={fullName}>
              {user?.firstName.charAt(0)}
            </Avatar>
          </IconButton>
          <Menu
            id="user-menu"
            anchorEl={menuAnchor}
            open={Boolean(menuAnchor)}
            onClose={() => setMenuAnchor(null)}
          >
            <Box sx={{ px: 2, py: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {user?.email}
              </Typography>
            </Box>
            <MenuItem component={RouterLink} to="/redirect" onClick={() => setMenuAnchor(null)}>
              <ListItemText>{t('nav.home')}</ListItemText>
            </MenuItem>
            <MenuItem component={RouterLink} to="/app/account" onClick={() => setMenuAnchor(null)}>
              <ListItemText>{t('nav.account')}</ListItemText>
            </MenuItem>
            <MenuItem onClick={onLogout}>
              <ListItemText>{t('nav.logout')}</ListItemText>
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
