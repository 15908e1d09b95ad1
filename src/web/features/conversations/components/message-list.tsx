import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../shared/schemas/conversation.schema';
import { RelativeTime } from '../../../components/relative-time';
import { MessagePicture } from './message-picture';

/**
 * A conversation's messages, oldest first: the reader's own on the end side. Words and pictures:
 * links are shown as text, never made clickable.
 */
export function MessageList({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={1.5}
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('conversations.page.messages')}
    >
      {conversation.messages.map((message) => {
        const author = message.fromBusiness
          ? message.writtenBy
            ? t('conversations.page.businessBy', {
                name: conversation.establishment.name,
                by: message.writtenBy,
              })
            : conversation.establishment.name
          : conversation.follower.name;
        return (
          <Box
            component="li"
            key={message.id}
            sx={{
              alignSelf: message.mine ? 'flex-end' : 'flex-start',
              maxWidth: '85%',
              px: 2,
              py: 1.25,
              borderRadius: 2,
              bgcolor: message.mine ? 'primary.main' : 'action.hover',
              color: message.mine ? 'primary.contrastText' : 'text.primary',
            }}
          >
            <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
              {author} · <RelativeTime iso={message.createdAt} />
            </Typography>
            {message.picture && (
              <Box sx={{ my: 0.5 }}>
                <MessagePicture conversationId={conversation.id} picture={message.picture} author={author} />
              </Box>
            )}
            {message.text && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
