import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import { Box, type Theme, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { changeOf } from '../report-math';

const LOOK = {
  up: { icon: ArrowUpwardRounded, palette: 'success' },
  down: { icon: ArrowDownwardRounded, palette: 'error' },
  // Something where there was nothing went up too.
  new: { icon: ArrowUpwardRounded, palette: 'info' },
  same: { icon: RemoveRounded, palette: null },
} as const;

// Small text needs more contrast than the main shades give: the dark shade on light paper, the light one on dark.
const shade = (palette: 'success' | 'error' | 'info' | null) => (theme: Theme) =>
  palette === null
    ? theme.palette.text.secondary
    : theme.palette[palette][theme.palette.mode === 'dark' ? 'light' : 'dark'];

/**
 * How a figure moved against the period before: an arrow and a percentage in colour, and the same
 * said in words for screen readers, so colour is never the only sign.
 */
export function ChangeIndicator({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation();
  const { percent } = useLocaleFormat();
  const change = changeOf(current, previous);
  const { icon: Icon, palette } = LOOK[change.kind];
  const value = 'fraction' in change ? percent(change.fraction) : '';
  const shown = change.kind === 'new' ? t('reports.change.new') : change.kind === 'same' ? percent(0) : value;
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ color: shade(palette), display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}
    >
      <Icon aria-hidden sx={{ fontSize: 16 }} />
      <span aria-hidden>{shown}</span>
      <Box component="span" sx={visuallyHidden}>
        {t(`reports.change.${change.kind}Text`, { value })}
      </Box>
    </Typography>
  );
}
