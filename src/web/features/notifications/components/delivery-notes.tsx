import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import { Alert, AlertTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { translateMessage } from '../../../lib/translate-message';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { reachedNobody } from './delivery-state';
import { HeldFiguresAlert } from './held-notes';
import { NoPushYetAlert } from './push-reach';

/**
 * What the post page says under the figures: nobody reached, followers held back or waiting for
 * quiet hours, what "received" means, and why a send stopped or waits.
 */
export function DeliveryNotes({ figures }: { figures: DeliveryFigures }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <>
      {reachedNobody(figures) && <NoPushYetAlert />}
      <HeldFiguresAlert held={figures.held} />
      {/* Pending deliveries held back by followers' quiet hours, counted apart. */}
      {figures.deferred > 0 && (
        <Alert severity="info" icon={<BedtimeOutlinedIcon fontSize="inherit" />}>
          <AlertTitle>
            {t('quietHours.deferred', {
              count: figures.deferred,
              formatted: format.number(figures.deferred),
            })}
          </AlertTitle>
          {t('quietHours.deferredHint')}
        </Alert>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('notifications.delivery.receivedHint')}
      </Typography>
      {figures.status === 'halted' && (
        <Alert severity="error">
          <AlertTitle>{t('notifications.delivery.haltedTitle')}</AlertTitle>
          {figures.error ? translateMessage(t, figures.error) : t('notifications.delivery.haltedText')}
        </Alert>
      )}
      {/* A push service refusing our credentials: its deliveries wait, the rest goes on. */}
      {figures.status !== 'halted' && figures.error && (
        <Alert severity="warning">
          <AlertTitle>{t('notifications.delivery.pausedTitle')}</AlertTitle>
          {translateMessage(t, figures.error)}
        </Alert>
      )}
    </>
  );
}
