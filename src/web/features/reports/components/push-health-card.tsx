import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushHealth } from '../../../../shared/schemas/push-health.schema';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';

type Week = PushHealth['devicesLost'][number];
const REASONS = ['gone', 'unsubscribed', 'expired'] as const;

/** A small share keeps a decimal ("0.4 %"): under 1 % is the very line the warning draws. */
const shareText = (locale: string, fraction: number) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: fraction < 0.1 ? 1 : 0 }).format(
    fraction,
  );

/** The share of pushes opened over the days read, or plainly that nothing was sent yet. */
function OpenShare({ health }: { health: PushHealth }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  if (health.sends === 0 || health.openShare === null)
    return (
      <Typography color="textSecondary">{t('reports.health.noSends', { days: health.days })}</Typography>
    );
  return (
    <Stack spacing={0.5}>
      {/* The sentence below says the same for screen readers. */}
      <Typography aria-hidden variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {shareText(format.locale, health.openShare)}
      </Typography>
      <Typography>
        {t('reports.health.openShare', {
          count: health.delivered,
          share: shareText(format.locale, health.openShare),
          delivered: format.number(health.delivered),
          days: health.days,
        })}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('reports.health.figures', {
          opened: format.number(health.opened),
          sends: format.number(health.sends),
        })}
      </Typography>
    </Stack>
  );
}

/** One week's losses: the total, a bar against the worst week, and the reasons as text (not hover only). */
function WeekItem({ week, index, largest }: { week: Week; index: number; largest: number }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const label =
    index === 0
      ? t('reports.health.thisWeek')
      : t('reports.health.weekFrom', { date: format.date(week.from) });
  return (
    <Box component="li">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="body2" sx={{ minWidth: 0 }}>
          {label}
        </Typography>
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, flexShrink: 0 }}>
          {format.number(week.total)}
        </Typography>
      </Stack>
      <Box
        aria-hidden
        sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden', mt: 0.5 }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${(week.total / largest) * 100}%`,
            minWidth: week.total > 0 ? 4 : 0,
            bgcolor: 'warning.main',
          }}
        />
      </Box>
      {week.total > 0 && (
        <Typography variant="caption" color="textSecondary">
          {REASONS.map((reason) =>
            t(`reports.health.reasons.${reason}`, { value: format.number(week[reason]) }),
          ).join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

function DevicesLost({ weeks }: { weeks: Week[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const largest = Math.max(...weeks.map((week) => week.total), 1);
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('reports.health.lostTitle')}
      </Typography>
      {weeks.every((week) => week.total === 0) ? (
        <Typography variant="body2" color="textSecondary">
          {t('reports.health.noneLost')}
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {weeks.map((week, index) => (
            <WeekItem key={week.from} week={week} index={index} largest={largest} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface Props {
  health: PushHealth | undefined;
  error: unknown;
  onRetry: () => void;
}

/**
 * Permission health: browsers (Chrome since October 2025) turn notifications off for sites whose
 * notifications are rarely opened, and every business shares this origin, so a business that is
 * ignored costs everyone. The share opened, a warning under the line, and the devices lost.
 */
export function PushHealthCard({ health, error, onRetry }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        sx={{ px: { xs: 2, sm: 2.5 } }}
        title={t('reports.health.title')}
        subheader={t('reports.health.subtitle')}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        {error ? (
          <RetryAlert retryLabel={t('reports.retry')} onRetry={onRetry}>
            {apiErrorText(t, error)}
          </RetryAlert>
        ) : !health ? (
          <Stack spacing={2} role="status" aria-busy aria-label={t('reports.health.loading')}>
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : (
          <Stack spacing={2}>
            {health.lowOpenShare && <Alert severity="warning">{t('reports.health.lowOpenShare')}</Alert>}
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
                <OpenShare health={health} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <DevicesLost weeks={health.devicesLost} />
              </Grid>
            </Grid>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
