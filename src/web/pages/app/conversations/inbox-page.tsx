import { Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { InboxFilter } from '../../../../shared/schemas/conversation.schema';
import { PageHeader } from '../../../components/page-header';
import { useInbox } from '../../../features/conversations/api/conversations.api';
import { ConversationList } from '../../../features/conversations/components/conversation-list';

const FILTERS: InboxFilter[] = ['all', 'open', 'unanswered', 'answered', 'closed'];

/**
 * /app/establishment/{establishmentId}/inbox: the business's conversations with its followers,
 * shared by its operators: newest first, filtered, unread ones marked.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { establishmentId = '' } = useParams();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const query = useInbox(establishmentId, filter);
  const unread = query.data?.unread ?? 0;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <PageHeader
        back={{
          to: `/app/establishment/${encodeURIComponent(establishmentId)}`,
          label: t('conversations.inbox.back'),
        }}
        title={t('conversations.inbox.title')}
        subtitle={t('conversations.inbox.unread', { count: unread })}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        role="group"
        aria-label={t('conversations.inbox.filters')}
      >
        {FILTERS.map((value) => (
          <Chip
            key={value}
            label={t(`conversations.filters.${value}`)}
            color={filter === value ? 'primary' : 'default'}
            variant={filter === value ? 'filled' : 'outlined'}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          />
        ))}
      </Stack>
      <ConversationList items={query.data?.items} error={query.error} onRetry={query.refetch} asBusiness />
    </Stack>
  );
}
