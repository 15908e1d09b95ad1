import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Alert, Box, Card, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mayHold, waitsForEmail } from '../../../../shared/permissions';
import { EmptyState } from '../../../components/empty-state';
import { NotAllowed } from '../../../components/not-allowed';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { VerifyEmailBanner } from '../../../features/account/components/verify-email-banner';
import { useDashboard, useFunnel, usePushHealth } from '../../../features/reports/api/reports.api';
import { FunnelCard } from '../../../features/reports/components/funnel-card';
import { PeriodFigures } from '../../../features/reports/components/period-figures';
import { PeriodSwitcher } from '../../../features/reports/components/period-switcher';
import { PushHealthCard } from '../../../features/reports/components/push-health-card';
import { ReportChartsSkeleton } from '../../../features/reports/components/report-charts-skeleton';
import { ScopePicker } from '../../../features/reports/components/scope-picker';
import {
  chartRange,
  customRangeProblem,
  formatDay,
  formatRange,
  funnelRange,
  parsePeriod,
  serverRangeProblem,
} from '../../../features/reports/report-math';
import { useReportScope } from '../../../features/reports/use-report-scope';

import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { useCan } from '../../../lib/use-can';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

// The chart library is the page's heaviest part: fetched only here, while the figures already show.
const ReportCharts = lazy(() =>
  import('../../../features/reports/components/report-charts').then((m) => ({ default: m.ReportCharts })),
);

/**
 * /app/reports/dashboard: the four periods' figures of an establishment (or of the platform), the
 * chosen range as charts, and the follower funnel. The scope and the range live in the address.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Figures need a confirmed email: asked for here, in the frame, rather than by sending an
  // unconfirmed representative (who registers businesses meanwhile) away to /waiting.
  if (user && waitsForEmail(user, 'report:read'))
    return (
      <Stack spacing={3}>
        <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
        <VerifyEmailBanner user={user} />
      </Stack>
    );
  // A customer never manages an establishment: no dashboard (the server refuses it too).
  if (!mayHold(user, 'report:read')) return <NotAllowed />;
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const platform = useCan()('report:platform');
  const [params, update] = useUpdateSearchParams();
  const period = parsePeriod(params.get('period'));
  const typed = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const scope = useReportScope(params.get('establishmentId') ?? undefined, platform);
  const ready = scope.status === 'ready';
  const establishmentId = ready ? scope.establishmentId : undefined;

  // A custom range is asked for only once both dates are there and the shared schema accepts them.
  const problem = period === 'custom' ? customRangeProblem(typed) : undefined;
  const custom =
    period === 'custom' && typed.from && typed.to && !problem
      ? { from: typed.from, to: typed.to }
      : undefined;
  const awaitingRange = period === 'custom' && !custom;
  const chartsTitleId = useId();

  const overview = useDashboard({ establishmentId }, { enabled: ready });
  const periods = overview.data?.periods;
  const range = chartRange(period, periods, custom);
  const chart = useDashboard({ establishmentId, ...range }, { enabled: ready && range !== undefined });
  const charted = range ? chart : overview;
  const funnelDays = funnelRange(period, periods, custom);
  const funnel = useFunnel(
    { establishmentId, ...funnelDays },
    { enabled: ready && !awaitingRange && (funnelDays !== undefined || period === 'last30Days') },
  );

  // Always the last 30 days: it does not follow the chosen range.
  const health = usePushHealth({ establishmentId }, { enabled: ready });

  // The server's word on the range (the same messages) goes beside its field, like the browser's own check.
  const rangeError = problem ?? serverRangeProblem(chart.error);

  const scopeData = overview.data?.scope;
  const header = (
    <PageHeader
      title={t('reports.title')}
      subtitle={
        scopeData
          ? t('reports.scopeLine', {
              name: scopeData.name ?? t('reports.scope.platform'),
              timeZone: scopeData.timeZone,
              date: formatDay(format.locale, scopeData.today, { granularity: 'day', style: 'long' }),
            })
          : t('reports.subtitle')
      }
      actions={
        ready &&
        scope.choices && (
          <ScopePicker
            establishmentId={establishmentId}
            name={scopeData?.name ?? undefined}
            platform={platform}
            onChange={(id) => update({ establishmentId: id })}
          />
        )
      }
    />
  );

  if (scope.status === 'none')
    return (
      <Stack spacing={3}>
        {header}
        <Card>
          <EmptyState
            icon={<InsightsOutlined />}
            title={t('reports.empty.title')}
            text={t('reports.empty.text')}
          />
        </Card>
      </Stack>
    );

  const failed = scope.status === 'error' ? scope.error : overview.error;
  return (
    <Stack spacing={3}>
      {header}
      {failed ? (
        <RetryAlert
          retryLabel={t('reports.retry')}
          onRetry={() => (scope.status === 'error' ? scope.retry() : void overview.refetch())}
        >
          {apiErrorText(t, failed)}
        </RetryAlert>
      ) : (
        <>
          <PeriodFigures
            periods={periods}
            custom={custom ? { data: chart.data?.periods.custom } : undefined}
            selected={period}
          />
          <Stack component="section" aria-labelledby={chartsTitleId} spacing={2}>
            <Stack spacing={1.5}>
              <Typography id={chartsTitleId} variant="h5" component="h2">
                {t('reports.charts.title')}
              </Typography>
              <PeriodSwitcher
                period={period}
                onPeriodChange={(next) => update({ period: next === 'last30Days' ? undefined : next })}
                range={typed}
                onRangeChange={(changes) => update(changes)}
                rangeError={rangeError}
              />
              {charted.data && !awaitingRange && !rangeError && (
                <Typography variant="body2" color="textSecondary">
                  {t(`reports.charts.${charted.data.series.granularity === 'month' ? 'byMonth' : 'byDay'}`, {
                    range: formatRange(format.locale, charted.data.series),
                  })}
                </Typography>
              )}
            </Stack>
            {rangeError ? null : awaitingRange ? (
              <Alert severity="info">{t('reports.custom.hint')}</Alert>
            ) : charted.error ? (
              <RetryAlert retryLabel={t('reports.retry')} onRetry={() => void charted.refetch()}>
                {apiErrorText(t, charted.error)}
              </RetryAlert>
            ) : charted.data ? (
              <Suspense fallback={<ReportChartsSkeleton />}>
                {/* Dimmed while the next range loads over the last one. */}
                <Box sx={{ opacity: charted.isPlaceholderData ? 0.5 : 1, transition: 'opacity 0.2s' }}>
                  <ReportCharts series={charted.data.series} />
                </Box>
              </Suspense>
            ) : (
              <ReportChartsSkeleton />
            )}
          </Stack>
          {!awaitingRange && !rangeError && (
            <FunnelCard funnel={funnel.data} error={funnel.error} onRetry={() => void funnel.refetch()} />
          )}
          <PushHealthCard health={health.data} error={health.error} onRetry={() => void health.refetch()} />
        </>
      )}
    </Stack>
  );
}
