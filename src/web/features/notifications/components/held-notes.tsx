import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/*
 * What the fatigue guard holds: followers whose phone (or inbox) already had enough from this
 * business. Their copy waits in the feed instead of ringing.
 */

/** The compose's note beside the reach: how many a send now would hold. Nothing when none. */
export function HeldReachNote({ held }: { held: number }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  if (!(held > 0)) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }} data-testid="targeting-held">
      <HourglassEmptyOutlinedIcon fontSize="small" sx={{ color: 'text.secondary', mt: '1px' }} aria-hidden />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('targeting.held', { count: held, formatted: format.number(held) })}
      </Typography>
    </Box>
  );
}

/** The post's figures: how many followers the send held, and why phones ring only so often. */
export function HeldFiguresAlert({ held }: { held: number }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  if (!(held > 0)) return null;
  return (
    <Alert
      severity="info"
      icon={<HourglassEmptyOutlinedIcon fontSize="inherit" />}
      data-testid="delivery-held"
    >
      <AlertTitle>
        {t('notifications.delivery.held', { count: held, formatted: format.number(held) })}
      </AlertTitle>
      {t('notifications.delivery.heldHint')}
    </Alert>
  );
}
