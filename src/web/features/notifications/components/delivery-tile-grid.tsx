import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';
import { Box, Grid, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

const TILES: { key: keyof DeliveryFigures & string; icon: ReactNode }[] = [
  { key: 'audience', icon: <GroupsOutlinedIcon /> },
  { key: 'sent', icon: <SendOutlinedIcon /> },
  { key: 'received', icon: <CheckCircleOutlineIcon /> },
  { key: 'clicked', icon: <TouchAppOutlinedIcon /> },
  { key: 'failed', icon: <ErrorOutlineIcon /> },
  { key: 'gone', icon: <LinkOffOutlinedIcon /> },
];

/** The send's six counts (audience, sent, received, clicked, failed, gone), each a named tile. */
export function DeliveryTileGrid({ figures }: { figures: DeliveryFigures }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  return (
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
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
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
  );
}
