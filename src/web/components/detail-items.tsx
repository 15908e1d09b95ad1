import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A term and its value; side by side on wide cards, stacked on phones (or always, when `stacked`). */
export function DetailRow({
  label,
  children,
  stacked,
}: {
  label: string;
  children: ReactNode;
  stacked?: boolean;
}) {
  const side = stacked ? {} : { sm: '180px 1fr' };
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', ...side },
        columnGap: 2,
        rowGap: 0.25,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:first-of-type': { pt: 0 },
        '&:last-of-type': { borderBottom: 0, pb: 0 },
      }}
    >
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', textAlign: 'start' }}>
        {children ?? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            {'—'}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

/** A count in large type over its label, one of a row of figures; `note` under it says more. */
export function DetailFigure({ value, label, note }: { value: number; label: string; note?: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      {note && (
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}
