import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { SubmitButton } from '../../../components/submit-button';

/**
 * The integrations' dialogs ("New API key", "Add webhook", a secret shown once): full screen on
 * phones, named by their title. Without `onClose` only a button of theirs closes them.
 */
export function IntegrationDialog({
  open,
  onClose,
  maxWidth = 'sm',
  title,
  children,
}: {
  open: boolean;
  onClose?: () => void;
  maxWidth?: 'sm' | 'md';
  title: string;
  children: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/**
 * A create form in an IntegrationDialog: its fields, what went wrong, Cancel and the submit button
 * (both waiting while it is sent).
 */
export function DialogForm({
  onSubmit,
  failure,
  pending,
  cancelLabel,
  submitLabel,
  onCancel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  pending: boolean;
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {/* The top padding keeps the first field's floating label clear of the title. */}
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={3}>
          {children}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <SubmitButton submitting={pending}>{submitLabel}</SubmitButton>
      </DialogActions>
    </Box>
  );
}

/** A secret shown this once (a key, a signing secret): the warning, what to copy, and "Done". */
export function ShownOnce({
  warning,
  doneLabel,
  onDone,
  children,
}: {
  warning: string;
  doneLabel: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={3}>
          <Alert severity="warning">{warning}</Alert>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </DialogActions>
    </>
  );
}
