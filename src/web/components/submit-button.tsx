import { Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';

/** A form's main button: submits, and while the form is being sent it is disabled with a spinner. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={submitting}
      startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
