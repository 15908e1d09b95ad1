import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { Chip } from '@mui/material';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** The longest delay setTimeout keeps (about 24.8 days); a later end is looked at again on a later render. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Whether an offer's end has passed; it turns by itself at that moment while the page stays open. */
export function useOfferEnded(validUntil: string | null): boolean {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const end = validUntil ? new Date(validUntil).getTime() : Number.NaN;
  const ended = !Number.isNaN(end) && end <= Date.now();
  useEffect(() => {
    if (Number.isNaN(end) || ended) return;
    const left = end - Date.now();
    if (left > MAX_TIMEOUT_MS) return;
    const timer = window.setTimeout(rerender, left + 100);
    return () => window.clearTimeout(timer);
  }, [end, ended]);
  return ended;
}

/** "Valid until <date and time>" while an offer runs, a muted "Ended" once it is over. */
export function OfferEndChip({ validUntil, ended }: { validUntil: string; ended: boolean }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return ended ? (
    <Chip
      size="small"
      icon={<EventBusyOutlinedIcon />}
      label={t('notifications.post.ended')}
      sx={{ color: 'text.secondary', '& .MuiChip-icon': { color: 'inherit' } }}
    />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      color="primary"
      icon={<EventOutlinedIcon />}
      label={t('notifications.post.validUntil', { when: format.date(validUntil, { withTime: true }) })}
    />
  );
}
