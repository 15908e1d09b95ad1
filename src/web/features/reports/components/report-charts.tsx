import { Card, CardContent, Grid, Typography, useMediaQuery, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard, ReportPoint } from '../../../../shared/schemas/report.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { formatDay } from '../report-math';
import { CHART_HEIGHT as HEIGHT } from './report-charts-skeleton';

// This module is the only one that imports @mui/x-charts; the page loads it lazily, so the chart
// library is fetched on the dashboard only.

type Series = Dashboard['series'];

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="figure" aria-labelledby={titleId} sx={{ m: 0, height: '100%' }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2.5 }, '&:last-child': { pb: { xs: 1, sm: 2 } } }}>
        <Typography id={titleId} component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, px: 0.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The series of the chosen range as charts: reach and clicks, notifications sent, and followers
 * (with those waiting for email confirmation), each point a day (a month over long ranges) in the
 * scope's time zone.
 */
export function ReportCharts({ series }: { series: Series }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const height = phone ? HEIGHT.xs : HEIGHT.sm;
  const dates = series.points.map((point) => point.date);
  const day = (iso: string, style: 'short' | 'long') =>
    formatDay(format.locale, iso, { granularity: series.granularity, style });
  const xAxis = {
    data: dates,
    // Ticks short ("3 Mar"), the tooltip in full ("Tue, 3 March 2026").
    valueFormatter: (iso: string, context: { location: string }) =>
      day(iso, context.location === 'tick' ? 'short' : 'long'),
    tickLabelStyle: { fontSize: 11 },
  };
  const yAxis = [
    {
      scaleType: 'linear' as const,
      width: 44,
      // Counts are whole: a tick at 0.5 notifications means nothing.
      tickLabelInterval: (value: number) => Number.isInteger(value),
      valueFormatter: (value: number) => format.number(value),
      // Small counts would otherwise stretch over the whole height from 0 to 1.
      domainLimit: (min: { valueOf(): number }, max: { valueOf(): number }) => ({
        min: Math.min(0, Number(min)),
        max: Math.max(4, Number(max)),
      }),
      tickLabelStyle: { fontSize: 11 },
    },
  ];
  const values = (key: keyof Omit<ReportPoint, 'date'>) => series.points.map((point) => point[key]);
  const valueFormatter = (value: number | null) => (value === null ? '' : format.number(value));
  const localeText = { noData: t('reports.charts.noData'), loading: t('loading') };
  // Room at the end for the last tick's label, which is centred on the last day.
  const margin = { left: 0, right: 20, top: 16, bottom: 0 };
  const common = { height, margin, localeText, skipAnimation: true, yAxis } as const;

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <ChartCard title={t('reports.charts.delivery')}>
          <LineChart
            {...common}
            xAxis={[{ ...xAxis, scaleType: 'band' }]}
            series={[
              {
                data: values('reach'),
                label: t('reports.figures.reach'),
                color: theme.palette.primary.main,
                valueFormatter,
                showMark: dates.length <= (phone ? 12 : 31),
              },
              {
                data: values('clicks'),
                label: t('reports.figures.clicks'),
                color: theme.palette.secondary.main,
                valueFormatter,
                showMark: dates.length <= (phone ? 12 : 31),
              },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('reports.figures.notificationsSent')}>
          <BarChart
            {...common}
            hideLegend
            xAxis={[{ ...xAxis, scaleType: 'band' }]}
            series={[
              {
                data: values('notificationsSent'),
                label: t('reports.figures.notificationsSent'),
                color: theme.palette.info.main,
                valueFormatter,
              },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={t('reports.figures.users')}>
          <LineChart
            {...common}
            xAxis={[{ ...xAxis, scaleType: 'band' }]}
            series={[
              {
                data: values('users'),
                label: t('reports.figures.users'),
                color: theme.palette.success.main,
                valueFormatter,
                area: true,
                showMark: false,
              },
              // Beside the followers, not among them: who followed and has not confirmed their email yet.
              {
                data: values('waiting'),
                label: t('reports.figures.waiting'),
                color: theme.palette.warning.main,
                valueFormatter,
                showMark: false,
              },
            ]}
          />
        </ChartCard>
      </Grid>
    </Grid>
  );
}
