import { Box, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../../shared/schemas/comment.schema';
import { MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { MessageDialog } from '../../../components/message-dialog';
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
  const quote = quoteOf(comment);

  const send = async (text: string) => {
    try {
      await start.mutateAsync(`${quote}\n\n${text}`);
      enqueueSnackbar(t('comments.private.sent', { name: establishment.name }), { variant: 'success' });
      onClose();
      return undefined;
    } catch (caught) {
      return apiErrorText(t, caught);
    }
  };

  return (
    <MessageDialog
      open={open}
      onClose={onClose}
      title={t('comments.private.title', { name: establishment.name })}
      hint={t('comments.private.hint', { name: establishment.name })}
      quote={
        <Box
          component="blockquote"
          sx={{ m: 0, mb: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.author.name}: {comment.text}
          </Typography>
        </Box>
      }
      labels={{
        field: t('comments.private.label'),
        cancel: t('comments.private.cancel'),
        send: t('comments.private.send'),
        required: t('comments.private.required'),
      }}
      maxLength={MESSAGE_TEXT_MAX - quote.length - 2}
      pending={start.isPending}
      send={send}
    />
  );
}
