import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import SubdirectoryArrowRightRounded from '@mui/icons-material/SubdirectoryArrowRightRounded';
import {
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
import type { Funnel, FunnelSteps } from '../../../../shared/schemas/report.schema';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { formatRange, shareOf } from '../report-math';

/**
 * The funnel's steps in order: people who visited the public page (unique visitors), a follow, and
 * of the followers those without an account (one tap, a device) and those with a confirmed email;
 * then the two channels side by side: phones with push on, followers who accept email. Page views
 * are a figure beside the visitors, never a step: one person who looked at the page three times and
 * followed is one of one.
 */
const STEPS = ['visitors', 'followers', 'guests', 'verified', 'pushDevices', 'emailOn'] as const;
type Step = (typeof STEPS)[number];
const STEP_COLOURS = [
  'primary.main',
  'secondary.main',
  'grey.600',
  'info.main',
  'warning.main',
  'success.main',
] as const;
/**
 * The step each step's share is of, and how the share is said: guests and confirmed emails are two
 * parts of the followers, push reaches every follower, email only the confirmed ones.
 */
const BASE: Record<Step, { of: Step; text: 'ofBefore' | 'ofFollowers' | 'ofVerified' } | undefined> = {
  visitors: undefined,
  followers: { of: 'visitors', text: 'ofBefore' },
  guests: { of: 'followers', text: 'ofFollowers' },
  verified: { of: 'followers', text: 'ofFollowers' },
  pushDevices: { of: 'followers', text: 'ofFollowers' },
  emailOn: { of: 'verified', text: 'ofVerified' },
};

/** Nothing at all: no view, no visitor, no follow. */
const isEmpty = (steps: FunnelSteps) => steps.views === 0 && STEPS.every((step) => steps[step] === 0);

/**
 * One funnel as bars: each step's number, a bar as long as its share of the largest step, and how
 * many of the step before it reached it. Bars are drawing only; the numbers are the text.
 */
function FunnelBars({ steps, dense }: { steps: FunnelSteps; dense?: boolean }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const largest = Math.max(...STEPS.map((step) => steps[step]), 1);
  return (
    <Stack component="ol" spacing={dense ? 1 : 1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {STEPS.map((step, index) => {
        const value = steps[step];
        const base = BASE[step];
        const conversion = base ? shareOf(value, steps[base.of]) : null;
        return (
          <Box component="li" key={step}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <Typography variant={dense ? 'body2' : 'body1'} sx={{ minWidth: 0 }}>
                {t(`reports.funnel.steps.${step}`)}
              </Typography>
              <Typography
                variant={dense ? 'body2' : 'subtitle1'}
                component="span"
                sx={{ fontWeight: 600, flexShrink: 0 }}
              >
                {format.number(value)}
              </Typography>
            </Stack>
            <Box
              aria-hidden
              sx={{
                height: dense ? 6 : 10,
                borderRadius: 5,
                bgcolor: 'action.hover',
                overflow: 'hidden',
                mt: 0.5,
              }}
            >
              <Box
                sx={{
                  height: '100%',
                  width: `${(value / largest) * 100}%`,
                  minWidth: value > 0 ? 4 : 0,
                  bgcolor: STEP_COLOURS[index],
                  borderRadius: 5,
                }}
              />
            </Box>
            {step === 'visitors' && (
              <Typography variant="caption" color="textSecondary">
                {t('reports.funnel.views', { count: steps.views, value: format.number(steps.views) })}
              </Typography>
            )}
            {/* A share of nothing means nothing: no line under a step whose step before is empty. */}
            {conversion !== null && (
              <Typography
                variant="caption"
                color="textSecondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}
              >
                <SubdirectoryArrowRightRounded aria-hidden sx={{ fontSize: 14 }} />
                {t(`reports.funnel.conversion.${base?.text ?? 'ofBefore'}`, {
                  value: format.percent(conversion),
                })}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

function SourceFunnel({ source, steps }: { source: string; steps: FunnelSteps }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, height: '100%' }}
    >
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t(`reports.funnel.sources.${source}`)}
      </Typography>
      {isEmpty(steps) ? (
        <Typography variant="body2" color="textSecondary">
          {t('reports.funnel.sourceEmpty')}
        </Typography>
      ) : (
        <FunnelBars steps={steps} dense />
      )}
    </Box>
  );
}

interface Props {
  funnel: Funnel | undefined;
  error: unknown;
  onRetry: () => void;
}

/**
 * The follower funnel: public page visitors (and their page views) -> followers -> verified -> devices with push on and
 * followers who accept email, over all sources and for each (QR code, poster, share link, direct).
 */
export function FunnelCard({ funnel, error, onRetry }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const titleId = useId();
  const empty = funnel && isEmpty(funnel.total);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        sx={{ px: { xs: 2, sm: 2.5 } }}
        title={t('reports.funnel.title')}
        subheader={
          funnel ? (
            <>
              {t('reports.funnel.subtitle')}{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatRange(format.locale, funnel)}
              </Box>
            </>
          ) : (
            t('reports.funnel.subtitle')
          )
        }
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <Divider />
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        {error ? (
          <RetryAlert retryLabel={t('reports.retry')} onRetry={onRetry}>
            {apiErrorText(t, error)}
          </RetryAlert>
        ) : !funnel ? (
          <Stack spacing={2} aria-hidden>
            {STEPS.map((step) => (
              <Skeleton key={step} variant="rounded" height={36} />
            ))}
          </Stack>
        ) : empty ? (
          <EmptyState
            icon={<FilterAltOutlined />}
            title={t('reports.funnel.emptyTitle')}
            text={t('reports.funnel.emptyText')}
          />
        ) : (
          <Stack spacing={3}>
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('reports.funnel.sources.total')}
              </Typography>
              <FunnelBars steps={funnel.total} />
            </Box>
            <Grid container spacing={2}>
              {funnel.sources.map(({ source, ...steps }) => (
                <Grid key={source} size={{ xs: 12, sm: 6, lg: 3 }}>
                  <SourceFunnel source={source} steps={steps} />
                </Grid>
              ))}
            </Grid>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
