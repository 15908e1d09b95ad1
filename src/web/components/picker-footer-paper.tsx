import { Paper, type PaperProps, Typography } from '@mui/material';
import type { TFunction } from 'i18next';

declare module '@mui/material/Autocomplete' {
  interface AutocompletePaperSlotPropsOverrides {
    /** A line under the options, e.g. "Showing 20 of 33: type to find more". */
    footer?: string;
  }
}

/**
 * The popup of an Autocomplete with a line under its options: give it as `slots.paper` and the line
 * as `slotProps.paper.footer`. Without a footer it is the usual paper.
 */
export function PickerFooterPaper({ footer, children, ...props }: PaperProps & { footer?: string }) {
  return (
    <Paper {...props}>
      {children}
      {footer && (
        <Typography
          variant="body2"
          color="textSecondary"
          // A click on the line keeps the field focused and the list open, as on "No options".
          onMouseDown={(event) => event.preventDefault()}
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          {footer}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * "Showing 20 of 33: type to find more" when a search picker holds a first page of what the server
 * has; undefined when it holds them all.
 */
export function moreToFind(t: TFunction, shown: number, total: number | undefined): string | undefined {
  return total !== undefined && total > shown ? t('typeForMore', { shown, total }) : undefined;
}
