import { Alert, Button, Card, CardContent, Skeleton, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import {
  useBlockFollower,
  useCloseConversation,
  useConversation,
} from '../../../features/conversations/api/conversations.api';
import { MessageList } from '../../../features/conversations/components/message-list';
import { ReplyForm } from '../../../features/conversations/components/reply-form';
import { conversationErrorText } from '../../../features/conversations/conversation-message';
import { ApiError } from '../../../lib/api-client';

/**
 * /app/messages/{conversationId}: one conversation, for its follower and the business's
 * operators (who answer as the business, close it and block the follower).
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const { conversationId = '' } = useParams();
  const query = useConversation(conversationId);
  const conversation = query.data?.conversation;

  if (query.isError && !conversation) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack spacing={3}>
        <PageHeader
          back={{ to: '/app/messages', label: t('conversations.mine.title') }}
          title={t('conversations.page.title')}
        />
        {missing ? (
          <Alert severity="info">{t('conversations.page.notFound')}</Alert>
        ) : (
          <RetryAlert retryLabel={t('conversations.retry')} onRetry={query.refetch}>
            {conversationErrorText(t, query.error)}
          </RetryAlert>
        )}
      </Stack>
    );
  }

  const back = conversation?.canManage
    ? {
        to: `/app/establishment/${conversation.establishment.id}/inbox`,
        label: t('conversations.inbox.title'),
      }
    : { to: '/app/messages', label: t('conversations.mine.title') };
  const title = conversation
    ? conversation.canManage
      ? conversation.follower.name
      : conversation.establishment.name
    : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeader
        back={back}
        title={title ?? <Skeleton width={220} />}
        subtitle={conversation?.canManage ? conversation.establishment.name : undefined}
        actions={
          conversation?.canManage && (
            <ManageActions
              id={conversationId}
              closed={conversation.closed}
              blocked={conversation.followerBlocked}
            />
          )
        }
      />
      <Card>
        <CardContent>
          {conversation ? (
            <Stack spacing={3}>
              <MessageList conversation={conversation} />
              {conversation.canWrite ? (
                <ReplyForm conversationId={conversationId} asBusiness={conversation.canManage} />
              ) : (
                <Alert severity="info">
                  {conversation.closed ? t('conversations.page.closed') : t('conversations.page.cannotWrite')}
                </Alert>
              )}
            </Stack>
          ) : (
            <Stack spacing={1} aria-busy>
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** Close the conversation; block (or unblock) its follower from messaging the business. */
function ManageActions({ id, closed, blocked }: { id: string; closed: boolean; blocked: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const close = useCloseConversation(id);
  const block = useBlockFollower(id);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const fail = (caught: unknown) => enqueueSnackbar(conversationErrorText(t, caught), { variant: 'error' });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {!closed && (
        <Button
          variant="outlined"
          loading={close.isPending}
          onClick={() =>
            close
              .mutateAsync()
              .then(() => enqueueSnackbar(t('conversations.page.closedDone'), { variant: 'success' }), fail)
          }
        >
          {t('conversations.page.close')}
        </Button>
      )}
      <Button
        color={blocked ? 'primary' : 'error'}
        variant="outlined"
        loading={block.isPending}
        onClick={() =>
          blocked
            ? block
                .mutateAsync(false)
                .then(() => enqueueSnackbar(t('conversations.page.unblocked'), { variant: 'success' }), fail)
            : setConfirmBlock(true)
        }
      >
        {blocked ? t('conversations.page.unblock') : t('conversations.page.block')}
      </Button>
      <ConfirmDialog
        open={confirmBlock}
        title={t('conversations.page.blockTitle')}
        text={t('conversations.page.blockText')}
        confirmLabel={t('conversations.page.block')}
        danger
        pending={block.isPending}
        onClose={() => setConfirmBlock(false)}
        onConfirm={() =>
          block.mutateAsync(true).then(() => {
            setConfirmBlock(false);
            enqueueSnackbar(t('conversations.page.blocked'), { variant: 'success' });
          }, fail)
        }
      />
    </Stack>
  );
}
