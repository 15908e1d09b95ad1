import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import { Alert, AlertTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { translateMessage } from '../../../lib/translate-message';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { reachedNobody } from './delivery-state';
import { HeldFiguresAlert } from './held-notes';
import { NoPushYetAlert } from './push-reach';

/** A send at each follower's local time: the time of day it goes at, null while not known. */
export interface LocalSend {
  time: string | null;
}

/**
 * What the post page says under the figures: nobody reached, followers held back or waiting (for
 * quiet hours, or for their local time when the send goes at it), what "received" means, and why a
 * send stopped or waits.
 */
export function DeliveryNotes({
  figures,
  localTime,
}: {
  figures: DeliveryFigures;
  localTime?: LocalSend | null;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <>
      {reachedNobody(figures) && <NoPushYetAlert />}
      <HeldFiguresAlert held={figures.held} />
      {/* Pending deliveries waiting for their follower's local time (or quiet hours), counted apart. */}
      {figures.deferred > 0 && localTime && (
        <Alert severity="info" icon={<PublicOutlinedIcon fontSize="inherit" />}>
          <AlertTitle>
            {t('schedule.localTime.waiting', {
              count: figures.deferred,
              formatted: format.number(figures.deferred),
            })}
          </AlertTitle>
          {localTime.time
            ? t('schedule.localTime.waitingHint', { time: localTime.time })
            : t('schedule.localTime.waitingHintNoTime')}
        </Alert>
      )}
      {/* Pending deliveries held back by followers' quiet hours, counted apart. */}
      {figures.deferred > 0 && !localTime && (
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
