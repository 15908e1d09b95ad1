import { Chip, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ReportPeriodKey } from '../../../../shared/schemas/report.schema';
import { translateMessage } from '../../../lib/translate-message';
import { type DayRange, type RangeProblem, SWITCHER_PERIODS } from '../report-math';

interface Props {
  period: ReportPeriodKey;
  onPeriodChange: (period: ReportPeriodKey) => void;
  /** The custom range's fields as typed ('' when empty). */
  range: { from: string; to: string };
  onRangeChange: (range: Partial<DayRange>) => void;
  /** What is wrong with the range, beside its field (English, as the shared schema or the server words it). */
  rangeError?: RangeProblem;
}

/**
 * Which days the chart and the funnel show: a row of choices that wraps on a phone, and for a
 * custom range its start and end dates.
 */
export function PeriodSwitcher({ period, onPeriodChange, range, onRangeChange, rangeError }: Props) {
  const { t } = useTranslation();
  const errorOf = (field: 'from' | 'to') =>
    rangeError?.field === field
      ? { error: true, helperText: translateMessage(t, rangeError.message) }
      : { error: false, helperText: undefined };
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        role="group"
        aria-label={t('reports.switcher.label')}
        sx={{ flexWrap: 'wrap', gap: 0.75 }}
      >
        {SWITCHER_PERIODS.map((choice) => {
          const current = choice === period;
          return (
            <Chip
              key={choice}
              label={t(`reports.switcher.${choice}`)}
              clickable
              color={current ? 'primary' : 'default'}
              variant={current ? 'filled' : 'outlined'}
              aria-pressed={current}
              onClick={() => onPeriodChange(choice)}
            />
          );
        })}
      </Stack>
      {period === 'custom' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            type="date"
            size="small"
            label={t('reports.custom.from')}
            value={range.from}
            onChange={(event) => onRangeChange({ from: event.target.value })}
            {...errorOf('from')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('reports.custom.to')}
            value={range.to}
            onChange={(event) => onRangeChange({ to: event.target.value })}
            {...errorOf('to')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
        </Stack>
      )}
    </Stack>
  );
}
