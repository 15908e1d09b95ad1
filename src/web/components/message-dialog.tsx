import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

interface MessageDialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  hint: string;
  /** Shown between the hint and the field: what the message answers. */
  quote?: ReactNode;
  labels: { field: string; cancel: string; send: string; required: string };
  maxLength: number;
  pending: boolean;
  /** Sends the trimmed text; resolves to the problem to show beside the field, or nothing once sent. */
  send(text: string): Promise<string | undefined>;
}

/** A private message to write: a hint, an optional quote, the text (its problem beside it), Send. */
export function MessageDialog({
  open,
  onClose,
  title,
  hint,
  quote,
  labels,
  maxLength,
  pending,
  send,
}: MessageDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(labels.required);
      return;
    }
    const problem = await send(text.trim());
    if (problem) setError(problem);
    else setText('');
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: quote ? 1 : 2 }}>
            {hint}
          </Typography>
          {quote}
          <TextField
            label={labels.field}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {labels.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {labels.send}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
