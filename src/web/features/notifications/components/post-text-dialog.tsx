import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { NotificationTextField } from './notification-text-field';

interface Props {
  open: boolean;
  title: string;
  /** What saving does, above the text. */
  intro: string;
  textField: UseFormRegisterReturn<'text'>;
  /** The text's problem, translated; null when there is none. */
  textError: string | null;
  required?: boolean;
  /** What else changes with the text (its send time, "Update on phones"), under it. */
  children?: ReactNode;
  pending: boolean;
  /** What went wrong that no field shows, inside the dialog so one can try again or cancel. */
  failure: string | null;
  cancelLabel: string;
  saveLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
}

/** A dialog that changes a post's or a scheduled send's text: full screen on phones, the save waits while it runs. */
export function PostTextDialog({
  open,
  title,
  intro,
  textField,
  textError,
  required,
  children,
  pending,
  failure,
  cancelLabel,
  saveLabel,
  onSubmit,
  onClose,
}: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <NotificationTextField
            textField={textField}
            minRows={4}
            maxRows={14}
            autoFocus
            required={required}
            error={Boolean(textError)}
            helperText={textError ?? ' '}
          />
          {children}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {saveLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
