import { Box, Checkbox, FormControlLabel, FormHelperText, type SxProps, type Theme } from '@mui/material';
import { useId } from 'react';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  label: string;
  /** What ticking it does, under the label; screen readers hear it with the box. */
  hint: string;
  sx?: SxProps<Theme>;
}

/** A tick box that goes with an action (a dialog's "Update on phones"), with its consequence spelled out. */
export function HintedCheckbox({ checked, onChange, disabled, label, hint, sx }: Props) {
  const hintId = useId();
  return (
    <Box sx={sx}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={hintId} sx={{ mt: -0.5, ml: 4 }}>
        {hint}
      </FormHelperText>
    </Box>
  );
}
