import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SmartphoneOutlinedIcon from '@mui/icons-material/SmartphoneOutlined';
import { Alert, Box, Button, ListItem, Tooltip, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../../shared/schemas/notification.schema';
import { ListCard } from '../../../components/list-card';
import { apiErrorText } from '../../../lib/api-error-text';
import { browserName } from '../../../lib/browser-name';
import { translateMessage } from '../../../lib/translate-message';
import { useCan } from '../../../lib/use-can';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useMyDevices, useRemoveMyDevice } from '../api/devices.api';

/** "Chrome on Android", said from a device's user agent; the system alone tells a phone from a computer. */
function deviceName(t: TFunction, userAgent: string): { name: string; phone: boolean } {
  const { browser, system } = browserName(userAgent);
  const name = browser
    ? system
      ? t('devices.browserOn', { browser, system })
      : browser
    : t('devices.unknownBrowser');
  return { name, phone: system === 'Android' || system === 'iOS' };
}

/**
 * "Your devices" on the account page: the phones and browsers that get the user's notifications, the
 * ones that stopped receiving said so, each removable (a lost or sold phone). Hidden from whom can()
 * does not let receive pushes.
 */
export function DevicesCard() {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('push:subscribe');
  const devices = useMyDevices(allowed);
  const title = useRef<HTMLHeadingElement>(null);
  if (!allowed) return null;

  return (
    <ListCard
      title={t('devices.title')}
      subtitle={t('devices.subtitle')}
      titleRef={title}
      items={devices.data?.items}
      // The removed row takes its button with it: the focus goes back to the card's title.
      renderItem={(device) => (
        <DeviceRow key={device.id} device={device} onRemoved={() => title.current?.focus()} />
      )}
      failure={devices.error ? t('devices.loadFailed') : null}
      retryLabel={t('devices.retry')}
      onRetry={() => void devices.refetch()}
      loadingLabel={t('devices.loading')}
      empty={{ text: t('devices.empty'), hint: t('devices.emptyHint') }}
    />
  );
}

function DeviceRow({ device, onRemoved }: { device: Device; onRemoved(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const format = useLocaleFormat();
  const remove = useRemoveMyDevice();
  const { name, phone } = deviceName(t, device.userAgent);

  const onRemove = async () => {
    try {
      const { message } = await remove.mutateAsync(device.id);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
      onRemoved();
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <ListItem
      divider
      disableGutters
      sx={{
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        columnGap: 2,
        rowGap: 1,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>
        {phone ? <SmartphoneOutlinedIcon /> : <ComputerOutlinedIcon />}
      </Box>
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography title={device.userAgent} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Tooltip title={format.date(device.lastSeenAt, { withTime: true })} describeChild>
          <Typography variant="body2" color="textSecondary" sx={{ width: 'fit-content' }}>
            {t('devices.lastSeen', { when: format.relative(device.lastSeenAt, Date.now()) })}
          </Typography>
        </Tooltip>
        {device.staleSince && (
          <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
            {t('devices.stale')}
          </Alert>
        )}
      </Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => void onRemove()}
        loading={remove.isPending}
        loadingPosition="start"
        aria-label={t('devices.removeLabel', { name })}
        sx={{ ml: 'auto', flexShrink: 0 }}
      >
        {t('devices.remove')}
      </Button>
    </ListItem>
  );
}
