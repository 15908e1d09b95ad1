import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryFigures, Post } from '../../../../shared/schemas/notification.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { isSending } from '../api/notifications.api';
import { ChannelRows } from './channel-rows';
import { DeliveryNotes, type LocalSend } from './delivery-notes';
import { deliveryProgress, progressColor, usesEmail } from './delivery-state';
import { DeliveryStatusChip } from './delivery-status-chip';
import { DeliveryTileGrid } from './delivery-tile-grid';
import { useLocalSendTime } from './local-send-time';

/**
 * One line for a feed card: status, sent, received, clicked, and a progress bar while it runs; a
 * send that emails shows a row per channel instead.
 */
export function DeliveryLine({ figures }: { figures: DeliveryFigures }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const running = isSending(figures.status);
  const byChannel = usesEmail(figures);
  const items = [
    ['sent', figures.sent],
    ['received', figures.received],
    ['clicked', figures.clicked],
  ] as const;
  return (
    <Box>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
      >
        <DeliveryStatusChip figures={figures} />
        {!byChannel &&
          items.map(([key, value]) => (
            <Typography key={key} variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`notifications.delivery.${key}`)}{' '}
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {format.number(value)}
              </Box>
            </Typography>
          ))}
      </Stack>
      {byChannel && (
        <Box sx={{ mt: 1 }}>
          <ChannelRows channels={figures.channels} />
        </Box>
      )}
      {running && (
        <LinearProgress
          variant={figures.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={deliveryProgress(figures)}
          aria-label={t('notifications.delivery.progressLabel')}
          sx={{ mt: 1, borderRadius: 1 }}
        />
      )}
    </Box>
  );
}

/**
 * The post page's delivery figures as tiles, with a progress bar while the send runs and the reason
 * if it stopped; a send that emails also shows its figures per channel; a send at each follower's
 * local time (`localTime`) says who waits for it.
 */
export function DeliveryTiles({
  figures,
  localTime,
}: {
  figures: DeliveryFigures;
  localTime?: LocalSend | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CampaignOutlinedIcon color="primary" aria-hidden />
              <Typography id={`${id}-title`} variant="h6" component="h2">
                {t('notifications.delivery.title')}
              </Typography>
            </Stack>
            <DeliveryStatusChip figures={figures} />
          </Stack>
          <DeliveryProgress figures={figures} />
          <DeliveryTileGrid figures={figures} />
          {usesEmail(figures) && (
            <Box
              component="section"
              aria-labelledby={`${id}-channels`}
              sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
            >
              <Typography id={`${id}-channels`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('notifications.delivery.channels.title')}
              </Typography>
              <ChannelRows channels={figures.channels} />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('notifications.delivery.channels.emailHint')}
              </Typography>
            </Box>
          )}
          <DeliveryNotes figures={figures} localTime={localTime} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A post's delivery tiles on its page; a send at each follower's local time says the time they wait for. */
export function PostDeliveryTiles({
  post,
  figures,
}: {
  post: Pick<Post, 'localTime' | 'scheduledFor' | 'recurrence' | 'establishment'>;
  figures: DeliveryFigures;
}) {
  const time = useLocalSendTime(post);
  return <DeliveryTiles figures={figures} localTime={post.localTime ? { time } : null} />;
}

/** The share of the audience decided so far, as a percentage and a bar, read out as it changes. */
function DeliveryProgress({ figures }: { figures: DeliveryFigures }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const progress = deliveryProgress(figures);
  return (
    <Box role="status" aria-live="polite">
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notifications.delivery.progressLabel')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {format.percent(progress / 100)}
        </Typography>
      </Stack>
      <LinearProgress
        variant={figures.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={progress}
        color={progressColor(figures)}
        aria-label={t('notifications.delivery.progressLabel')}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
