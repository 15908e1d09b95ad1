import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SmartphoneOutlinedIcon from '@mui/icons-material/SmartphoneOutlined';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../../shared/schemas/channels';
import type {
  ChannelFigures,
  DeliveryFigures,
  DeliveryStatus,
} from '../../../../shared/schemas/notification.schema';
import { translateMessage } from '../../../lib/translate-message';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { isSending } from '../api/notifications.api';
import { HeldFiguresAlert } from './held-notes';
import { NoPushYetAlert } from './push-reach';

const STATUS_COLOR: Record<DeliveryStatus, 'default' | 'info' | 'success' | 'error'> = {
  scheduled: 'default',
  queued: 'default',
  sending: 'info',
  done: 'success',
  halted: 'error',
};

/** How far a send has got, 0 to 100: every recipient ends as sent, failed or gone. */
export function deliveryProgress(figures: DeliveryFigures): number {
  if (figures.audience <= 0) return figures.status === 'queued' || figures.status === 'scheduled' ? 0 : 100;
  const decided = figures.sent + figures.failed + figures.gone;
  return Math.min(100, Math.round((decided / figures.audience) * 100));
}

/** A finished send that had no device to go to: not a success to show in green. */
export const reachedNobody = (figures: Pick<DeliveryFigures, 'status' | 'audience'>) =>
  figures.status === 'done' && figures.audience === 0;

function progressColor(figures: DeliveryFigures): 'error' | 'warning' | 'primary' | 'success' {
  if (figures.status === 'halted') return 'error';
  if (reachedNobody(figures)) return 'warning';
  return isSending(figures.status) ? 'primary' : 'success';
}

/** A send that emails (or emailed) anyone: its figures are then told per channel. */
export const usesEmail = (figures: DeliveryFigures) =>
  Object.values(figures.channels.email).some((value) => value > 0);

/** What each channel can tell: nobody knows whether an email was opened, so email has no "received". */
const CHANNEL_FIGURES = {
  push: ['sent', 'received', 'clicked', 'failed'],
  email: ['sent', 'clicked', 'failed'],
} as const satisfies Record<DeliveryChannel, readonly (keyof ChannelFigures)[]>;

const CHANNEL_ICONS: Record<DeliveryChannel, ReactNode> = {
  push: <SmartphoneOutlinedIcon fontSize="inherit" />,
  email: <MailOutlineIcon fontSize="inherit" />,
};

/**
 * A "Phone" row (sent, received, clicked, failed) and an "Email" row (sent, clicked, failed), their
 * figures in one column whatever the channel names' lengths; on a phone they wrap beside the name.
 */
function ChannelRows({ channels }: { channels: DeliveryFigures['channels'] }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
      {DELIVERY_CHANNELS.map((channel) => (
        <Box
          key={channel}
          role="group"
          aria-labelledby={`${id}-${channel}`}
          sx={{ display: 'grid', gridTemplateColumns: 'subgrid', gridColumn: '1 / -1' }}
        >
          <Typography
            id={`${id}-${channel}`}
            variant="body2"
            sx={{ display: 'flex', alignItems: 'center', alignSelf: 'start', gap: 0.5, fontWeight: 600 }}
          >
            <Box component="span" aria-hidden sx={{ display: 'flex', color: 'text.secondary', fontSize: 18 }}>
              {CHANNEL_ICONS[channel]}
            </Box>
            {t(`notifications.delivery.channels.${channel}`)}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            {CHANNEL_FIGURES[channel].map((key) => (
              <Typography key={key} variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`notifications.delivery.${key}`)}{' '}
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {format.number(channels[channel][key])}
                </Box>
              </Typography>
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

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

const TILES: { key: keyof DeliveryFigures & string; icon: ReactNode }[] = [
  { key: 'audience', icon: <GroupsOutlinedIcon /> },
  { key: 'sent', icon: <SendOutlinedIcon /> },
  { key: 'received', icon: <CheckCircleOutlineIcon /> },
  { key: 'clicked', icon: <TouchAppOutlinedIcon /> },
  { key: 'failed', icon: <ErrorOutlineIcon /> },
  { key: 'gone', icon: <LinkOffOutlinedIcon /> },
];

/**
 * The post page's delivery figures as tiles, with a progress bar while the send runs and the reason
 * if it stopped; a send that emails also shows its figures per channel.
 */
export function DeliveryTiles({ figures }: { figures: DeliveryFigures }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  const progress = deliveryProgress(figures);
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
          <Grid container spacing={1.5}>
            {TILES.map(({ key, icon }) => (
              <Grid key={key} size={{ xs: 6, sm: 4, md: 2 }}>
                <Box
                  role="group"
                  aria-labelledby={`${id}-${key}-label`}
                  aria-describedby={`${id}-${key}-value`}
                  sx={{
                    p: 1.5,
                    height: '100%',
                    borderRadius: 2,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'action.hover',
                  }}
                >
                  <Stack
                    direction="row"
                    spacing={0.75}
                    sx={{ alignItems: 'center', color: 'text.secondary' }}
                  >
                    <Box aria-hidden sx={{ display: 'flex', '& svg': { fontSize: 18 } }}>
                      {icon}
                    </Box>
                    <Typography id={`${id}-${key}-label`} variant="body2" sx={{ color: 'text.secondary' }}>
                      {t(`notifications.delivery.${key}`)}
                    </Typography>
                  </Stack>
                  <Typography
                    id={`${id}-${key}-value`}
                    variant="h5"
                    component="p"
                    sx={{ mt: 0.5, fontWeight: 600 }}
                  >
                    {format.number(figures[key] as number)}
                  </Typography>
                </Box>
              </Grid>
            ))}
          </Grid>
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
        </Stack>
      </CardContent>
    </Card>
  );
}
