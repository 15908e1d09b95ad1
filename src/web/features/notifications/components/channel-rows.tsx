import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import SmartphoneOutlinedIcon from '@mui/icons-material/SmartphoneOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../../shared/schemas/channels';
import type { ChannelFigures, DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

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
export function ChannelRows({ channels }: { channels: DeliveryFigures['channels'] }) {
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
