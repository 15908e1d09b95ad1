import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useMyConversations } from '../../../features/conversations/api/conversations.api';
import { ConversationList } from '../../../features/conversations/components/conversation-list';

/** /app/messages: the follower's private conversations with businesses, newest first. */
export function MyConversationsPage() {
  const { t } = useTranslation();
  const query = useMyConversations();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('conversations.mine.title')} subtitle={t('conversations.mine.subtitle')} />
      <ConversationList
        items={query.data?.items}
        error={query.error}
        onRetry={query.refetch}
        asBusiness={false}
      />
    </Stack>
  );
}
