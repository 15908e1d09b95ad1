import { Box, Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { useSendMessage } from '../api/conversations.api';
import { conversationErrorText } from '../conversation-message';

/** The box under a conversation: the follower's next message, or the business's answer. */
export function ReplyForm({ conversationId, asBusiness }: { conversationId: string; asBusiness: boolean }) {
  const { t } = useTranslation();
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('conversations.form.required'));
      return;
    }
    try {
      await send.mutateAsync(text.trim());
      setText('');
    } catch (caught) {
      setError(conversationErrorText(t, caught));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={1}>
        <TextField
          label={asBusiness ? t('conversations.form.answerLabel') : t('conversations.form.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={send.isPending}>
            {asBusiness ? t('conversations.form.answer') : t('conversations.form.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
