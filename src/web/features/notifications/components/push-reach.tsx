import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import { Alert, AlertTitle, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Audience } from '../../../../shared/schemas/preference.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useAudience } from '../api/audience.api';

/**
 * "Reachable: X of Y followers (P by phone, E by email)": the followers a send would reach now, and
 * by which channel (one reached both ways counts in both).
 */
export function useReachableText(): (figures: Audience) => string {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (figures) =>
    t('targeting.reachable', {
      count: figures.followers,
      formatted: format.number(figures.followers),
      reachable: format.number(figures.reachable),
      byPhone: format.number(figures.byPhone),
      byEmail: format.number(figures.byEmail),
    });
}

/**
 * The establishment header's reach for who may send: how many followers a send would reach now, by
 * phone and by email. Nothing until the count is in (or when it cannot be had): the follower count
 * stays beside it.
 */
export function PushReachChip({ establishmentId }: { establishmentId: string }) {
  const audience = useAudience(establishmentId, []);
  const reachableText = useReachableText();
  const figures = audience.data;
  if (!figures) return null;
  const none = figures.reachable === 0;
  return (
    <Chip
      size="small"
      variant="outlined"
      // The warning is in the icon and the border: orange label text would fail contrast.
      icon={none ? <NotificationsOffOutlinedIcon color="warning" /> : <NotificationsActiveOutlinedIcon />}
      sx={{
        // The reach by channel is long for a phone: the chip wraps rather than cut it off.
        height: 'auto',
        maxWidth: '100%',
        py: 0.25,
        '& .MuiChip-label': { whiteSpace: 'normal' },
        ...(none ? { borderColor: 'warning.main' } : {}),
      }}
      label={reachableText(figures)}
      data-testid="push-reach"
    />
  );
}

/** No follower would get a send by phone or email: say so, and what the business can do about it. */
export function NoPushYetAlert() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" icon={<NotificationsOffOutlinedIcon fontSize="inherit" />}>
      <AlertTitle>{t('notifications.reach.noneOnTitle')}</AlertTitle>
      {t('notifications.reach.noneOnText')}
    </Alert>
  );
}
