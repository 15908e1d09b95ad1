import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  type SxProps,
  type Theme,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '../../shared/schemas/account.schema';
import { userInitials } from '../lib/initials';
import { avatarUrl } from '../lib/media-urls';
import { useSession } from '../lib/session';
import { useMenuButton } from '../lib/use-menu-button';
import { useSignOut } from '../lib/use-sign-out';
import { GuestEmailOffer } from './guest-email-offer';
import { useGuestLeave } from './guest-leave';

/** The user's full name, as shown in the frame. */
export const fullNameOf = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** The user's picture (`/image/logo/{avatar}.jpeg`), or their initials when they have none. */
export function UserAvatar({
  user,
  size = 40,
  sx,
}: {
  user: Pick<User, 'firstName' | 'lastName' | 'avatar'>;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <Avatar
      src={avatarUrl(user.avatar)}
      alt=""
      sx={[
        { width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: 'primary.main' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {userInitials(user)}
    </Avatar>
  );
}

/** Top-bar avatar button with the user menu: Home, Account, Logout (a guest: Stop all notifications on this device). */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const leave = useGuestLeave({ all: true });
  const { button, menu, close } = useMenuButton();
  if (!user) return null;
  const fullName = fullNameOf(user);

  const onLogout = async () => {
    close();
    await signOut();
  };

  return (
    <>
      <IconButton
        aria-label={t('layout.userMenu', { name: fullName })}
        {...button}
        sx={{ p: 0.5, borderRadius: '50%' }}
      >
        <UserAvatar user={user} size={34} />
      </IconButton>
      <Menu
        {...menu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        {/* A guest follower has no name or email: the offer of one instead. */}
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          {user.guest ? (
            <GuestEmailOffer sx={{ maxWidth: 280 }} onClick={close} />
          ) : (
            <>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {fullName}
              </Typography>
              <Typography variant="body2" color="textSecondary" noWrap>
                {user.email}
              </Typography>
            </>
          )}
        </Box>
        <Divider sx={{ mb: 0.5 }} />
        <MenuItem component={RouterLink} to="/redirect" onClick={close}>
          <ListItemIcon>
            <HomeOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.home')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/app/account" onClick={close}>
          <ListItemIcon>
            <AccountCircleOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.account')}</ListItemText>
        </MenuItem>
        {/* Logging a guest out would lose this device's follows with nothing to sign in with again:
            it stops them all instead, saying first that nothing about the device is kept. */}
        {user.guest ? (
          <MenuItem
            onClick={() => {
              close();
              leave.ask();
            }}
          >
            <ListItemIcon>
              <NotificationsOffOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('notify.stop.all')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={onLogout}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.logout')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {leave.dialog}
    </>
  );
}
