import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import NotificationsPausedOutlinedIcon from '@mui/icons-material/NotificationsPausedOutlined';
import { Box, Button, IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushState } from '../../../lib/push-subscription';
import { PushStateText } from './push-state-text';
import { usePushToggle } from './use-push-toggle';

const ICONS: Record<PushState, ReactNode> = {
  on: <NotificationsActiveOutlinedIcon />,
  off: <NotificationsNoneOutlinedIcon />,
  blocked: <NotificationsOffOutlinedIcon />,
  unsupported: <NotificationsPausedOutlinedIcon />,
};

/** The top bar's bell: this device's notifications (on, off, blocked, not supported), turned on or off here. */
export function PushBell() {
  const { t } = useTranslation();
  const { state, pending, turnOn, turnOff } = usePushToggle();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  if (state === 'unknown') return null;
  const label = t('push.bell.label', { state: t(`push.state.${state}`) });

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? id : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {ICONS[state]}
        </IconButton>
      </Tooltip>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': `${id}-title`, sx: { maxWidth: 340 } } }}
      >
        <Stack spacing={1.5} sx={{ p: 2 }}>
          <Typography id={`${id}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <PushStateText state={state} />
          <Box>
            {state === 'off' && (
              <Button variant="contained" size="small" disabled={pending} onClick={() => void turnOn()}>
                {t('push.turnOn')}
              </Button>
            )}
            {state === 'on' && (
              <Button variant="outlined" size="small" disabled={pending} onClick={() => void turnOff()}>
                {t('push.turnOff')}
              </Button>
            )}
          </Box>
        </Stack>
      </Popover>
    </>
  );
}
