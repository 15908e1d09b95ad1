import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DeliveryFigures, DeliveryStatus } from '../../../../shared/schemas/notification.schema';
import { reachedNobody } from './delivery-state';

const STATUS_COLOR: Record<DeliveryStatus, 'default' | 'info' | 'success' | 'error'> = {
  scheduled: 'default',
  queued: 'default',
  sending: 'info',
  done: 'success',
  halted: 'error',
};

/** The send's state as a small coloured chip ("Nobody reached" in place of "Delivered" at 0). */
export function DeliveryStatusChip({ figures }: { figures: Pick<DeliveryFigures, 'status' | 'audience'> }) {
  const { t } = useTranslation();
  if (reachedNobody(figures)) {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<NotificationsOffOutlinedIcon color="warning" />}
        sx={{ borderColor: 'warning.main' }}
        label={t('notifications.delivery.status.unreached')}
      />
    );
  }
  const { status } = figures;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'done' ? 'outlined' : 'filled'}
      label={t(`notifications.delivery.status.${status}`)}
    />
  );
}
