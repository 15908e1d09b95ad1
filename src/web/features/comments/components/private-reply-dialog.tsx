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
import { useSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../../shared/schemas/comment.schema';
import { MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { useStartConversation } from '../api/private-reply.api';

/** Characters of the comment quoted at the top of the message. */
const QUOTE_MAX = 300;

/** The comment as a quote: its author and its words (cut), each line marked, as mail quotes are. */
export function quoteOf(comment: Comment): string {
  const chars = [...comment.text.trim()];
  const text = chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX).join('')}…` : chars.join('');
  return [`${comment.author.name}:`, ...text.split('\n')].map((line) => `> ${line}`).join('\n');
}

/**
 * "Reply privately": a message to the business in the follower's private conversation with it,
 * quoting the comment; only the business reads it.
 */
export function PrivateReplyDialog({
  open,
  onClose,
  comment,
  establishment,
  postId,
}: {
  open: boolean;
  onClose(): void;
  comment: Comment;
  establishment: { id: string; name: string };
  postId: string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const start = useStartConversation(establishment.id, postId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const quote = quoteOf(comment);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('comments.private.required'));
      return;
    }
    try {
      await start.mutateAsync(`${quote}\n\n${text.trim()}`);
      enqueueSnackbar(t('comments.private.sent', { name: establishment.name }), { variant: 'success' });
      setText('');
      onClose();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('comments.private.title', { name: establishment.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {t('comments.private.hint', { name: establishment.name })}
          </Typography>
          <Box
            component="blockquote"
            sx={{ m: 0, mb: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
          >
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.author.name}: {comment.text}
            </Typography>
          </Box>
          <TextField
            label={t('comments.private.label')}
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
            slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX - quote.length - 2 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={start.isPending}>
            {t('comments.private.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={start.isPending}>
            {t('comments.private.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
