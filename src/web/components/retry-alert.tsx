import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  /** What went wrong. */
  children: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}

/** An error that can be tried again: the message with a Retry button beside it. */
export function RetryAlert({ children, retryLabel, onRetry, sx }: Props) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
