import { Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Dashboard,
  REPORT_PERIODS,
  type ReportPeriod,
  type ReportPeriodKey,
} from '../../../../shared/schemas/report.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { formatRange, shareOf } from '../report-math';
import { ChangeIndicator } from './change-indicator';

/**
 * The counted figures a period card lists, in order (emails and their Open clicks after the push
 * figures); the share of devices reached follows them. Followers are those who confirmed their
 * email, as on the establishment's page; who still waits for confirmation follows them.
 */
const COUNTS = [
  'notificationsSent',
  'posts',
  'reach',
  'users',
  'waiting',
  'clicks',
  'emails',
  'emailClicks',
] as const;

/** Figures whose rise is neither good nor bad: no coloured arrow against the period before. */
const UNJUDGED = new Set<(typeof COUNTS)[number]>(['waiting']);

/**
 * Pairs of their own under a heading: engagement with the period's posts (reactions and comments
 * made in it), and the business's automations (their messages and clicks, apart from its sends).
 */
const GROUPS = {
  engagement: ['reactions', 'comments'],
  automations: ['automated', 'automatedClicks'],
} as const;

/** A share with no devices behind it means nothing: shown as a dash. */
const NO_SHARE = '–';

/**
 * One figure: on a phone a cell of a two-column grid (label over value), from a tablet up a row
 * (label, then value and change at the end), so a period card stays short on a small screen.
 */
function FigureRow({ label, value, change }: { label: string; value: ReactNode; change?: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        gap: 0.25,
        py: 0.5,
        [theme.breakpoints.up('sm')]: {
          flexDirection: 'row',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          py: 0.75,
          '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
        },
      })}
    >
      <Typography component="dt" variant="body2" color="textSecondary" sx={{ minWidth: 0 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, textAlign: { xs: 'start', sm: 'end' }, flexShrink: 0 }}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, display: 'block' }}>
          {value}
        </Typography>
        {change}
      </Box>
    </Box>
  );
}

/** A heading and its pair of figures, each against the period before. */
function FigureGroup({ group, data }: { group: keyof typeof GROUPS; data: ReportPeriod | undefined }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const headingId = useId();
  return (
    <>
      <Typography
        id={headingId}
        component="h3"
        variant="overline"
        color="textSecondary"
        sx={{ display: 'block', mt: 1.5, lineHeight: 2 }}
      >
        {t(`reports.${group}.title`)}
      </Typography>
      <Box
        component="dl"
        aria-labelledby={headingId}
        sx={{ m: 0, display: { xs: 'grid', sm: 'block' }, gridTemplateColumns: '1fr 1fr', columnGap: 2 }}
      >
        {GROUPS[group].map((key) => (
          <FigureRow
            key={key}
            label={t(`reports.${group}.${key}`)}
            value={
              data ? format.number(data.figures[key]) : <Skeleton width={40} sx={{ ml: { sm: 'auto' } }} />
            }
            change={data && <ChangeIndicator current={data.figures[key]} previous={data.previous[key]} />}
          />
        ))}
      </Box>
    </>
  );
}

interface CardProps {
  period: ReportPeriodKey;
  /** Undefined while loading: the card keeps its shape with placeholders. */
  data: ReportPeriod | undefined;
  /** The period the chart shows: its card is outlined. */
  selected: boolean;
}

/** One period: its days, the figures and how each moved against the period of the same length before. */
export function PeriodCard({ period, data, selected }: CardProps) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const titleId = useId();
  const share = data ? shareOf(data.figures.reach, data.figures.devices) : null;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        outline: selected ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
      }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: 2 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
          {t(`reports.periods.${period}`)}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {data ? formatRange(format.locale, data) : <Skeleton width="60%" />}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: { xs: 'grid', sm: 'block' }, gridTemplateColumns: '1fr 1fr', columnGap: 2 }}
        >
          {COUNTS.map((key) => (
            <FigureRow
              key={key}
              label={t(`reports.figures.${key}`)}
              value={
                data ? format.number(data.figures[key]) : <Skeleton width={40} sx={{ ml: { sm: 'auto' } }} />
              }
              change={
                data &&
                !UNJUDGED.has(key) && (
                  <ChangeIndicator current={data.figures[key]} previous={data.previous[key]} />
                )
              }
            />
          ))}
          <FigureRow
            label={t('reports.figures.deviceShare')}
            value={
              !data ? (
                <Skeleton width={40} sx={{ ml: { sm: 'auto' } }} />
              ) : share === null ? (
                <>
                  <span aria-hidden>{NO_SHARE}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {t('reports.figures.noDevices')}
                  </Box>
                </>
              ) : (
                format.percent(share)
              )
            }
          />
        </Box>
        {(Object.keys(GROUPS) as (keyof typeof GROUPS)[]).map((group) => (
          <FigureGroup key={group} group={group} data={data} />
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * The four periods side by side (two by two on a tablet, stacked on a phone), and the custom range
 * after them when one is chosen.
 */
export function PeriodFigures({
  periods,
  custom,
  selected,
}: {
  periods: Dashboard['periods'] | undefined;
  /** The custom range, when one is chosen: its figures, undefined while they load. */
  custom?: { data: ReportPeriod | undefined };
  selected: ReportPeriodKey;
}) {
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {REPORT_PERIODS.map((period) => (
          <Grid key={period} size={{ xs: 12, sm: 6, lg: 3 }}>
            <PeriodCard period={period} data={periods?.[period]} selected={period === selected} />
          </Grid>
        ))}
      </Grid>
      {custom && <PeriodCard period="custom" data={custom.data} selected />}
    </Stack>
  );
}
