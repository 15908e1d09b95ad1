import { Box, Button, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Comment } from '../../../../shared/schemas/comment.schema';
import { ConversationMsg, MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { MessageDialog } from '../../../components/message-dialog';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useReplyPrivately } from '../api/private-reply.api';

/** The refusals this dialog meets, each with its translation's key. */
const REFUSALS: Record<string, string> = {
  [ConversationMsg.ownComment]: 'ownComment',
  [ConversationMsg.guestNoEmail]: 'guestNoEmail',
  [ConversationMsg.cannotWrite]: 'cannotWrite',
  [ConversationMsg.required]: 'required',
};

/** Why the message was refused, in the user's language. */
function refusalText(t: TFunction, error: unknown): string {
  const message = error instanceof ApiError ? (error.fields.text ?? error.message) : undefined;
  const key = message ? REFUSALS[message] : undefined;
  return key ? t(`conversations.serverMessages.${key}`) : apiErrorText(t, error);
}

/**
 * "Message privately" from the business's side: an operator writes to a comment's author in their
 * private conversation with the business; the server quotes the comment above the words.
 */
export function BusinessPrivateReplyDialog({
  open,
  onClose,
  comment,
}: {
  open: boolean;
  onClose(): void;
  comment: Comment;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const reply = useReplyPrivately(comment.id);
  const name = comment.author.name;

  const send = async (text: string) => {
    try {
      const { conversation } = await reply.mutateAsync(text);
      enqueueSnackbar(t('conversations.privateReply.sent', { name }), {
        variant: 'success',
        action: (
          <Button color="inherit" size="small" onClick={() => navigate(`/app/messages/${conversation.id}`)}>
            {t('conversations.privateReply.open')}
          </Button>
        ),
      });
      onClose();
      return undefined;
    } catch (caught) {
      return refusalText(t, caught);
    }
  };

  return (
    <MessageDialog
      open={open}
      onClose={onClose}
      title={t('conversations.privateReply.title', { name })}
      hint={t('conversations.privateReply.hint', { name })}
      quote={
        <Box
          component="blockquote"
          sx={{ m: 0, mb: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {name}: {comment.text}
          </Typography>
        </Box>
      }
      labels={{
        field: t('conversations.privateReply.label'),
        cancel: t('conversations.privateReply.cancel'),
        send: t('conversations.privateReply.send'),
        required: t('conversations.privateReply.required'),
      }}
      maxLength={MESSAGE_TEXT_MAX}
      pending={reply.isPending}
      send={send}
    />
  );
}
