import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import { Alert, AlertTitle, Card, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { EmptyState } from '../../../components/empty-state';
import { useEstablishmentPosts } from '../../../features/notifications/api/notifications.api';
import { usePinnedPost } from '../../../features/notifications/api/pins.api';
import { ComposeCard } from '../../../features/notifications/components/compose-card';
import { DraftsCard } from '../../../features/notifications/components/drafts-card';
import { PostList } from '../../../features/notifications/components/post-list';
import { ScheduledList } from '../../../features/notifications/components/scheduled-list';
import { translateMessage } from '../../../lib/translate-message';
import { useCan } from '../../../lib/use-can';
import { EngagedPostCard } from '../notifications/engaged-post-card';

/**
 * The establishment's feed: those who may send get the compose card (or why they cannot send now)
 * and every send, push-only ones too, with delivery figures; followers get its posts.
 */
export function FeedTab({ establishment, canPost }: { establishment: EstablishmentView; canPost: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  // Whether this user sends for it at all; canPost also says the establishment may send now.
  const manages = can('notificationPost:create', {
    establishmentId: establishment.id,
    registeredById: establishment.audience === 'operator' ? establishment.registeredById : null,
  });
  const posts = useEstablishmentPosts(establishment.id, manages);
  // The post the business pinned shows first, marked, and not again in its place.
  const pinned = usePinnedPost(establishment.id).data ?? null;
  const stopped = establishment.status === 'blocked' || establishment.status === 'inactive';
  // Only those who edit its profile can make it active again (not its representative).
  const canActivate = can('clientSettings', { establishmentId: establishment.id });

  return (
    <Stack spacing={3}>
      {manages && stopped && (
        <CannotSend status={establishment.status as 'blocked' | 'inactive'} canActivate={canActivate} />
      )}
      {canPost && !stopped && establishment.audience === 'operator' && (
        <ComposeCard establishment={establishment} />
      )}
      {manages && establishment.audience === 'operator' && <ScheduledList establishment={establishment} />}
      {manages && establishment.audience === 'operator' && <DraftsCard establishmentId={establishment.id} />}
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('notifications.feed.title')}
        </Typography>
        <PostList
          query={posts}
          label={t('notifications.feed.listLabel', { name: establishment.name })}
          renderPost={(post) => <EngagedPostCard post={post} showDelivery={manages} linkToPost />}
          skipId={pinned?.id}
          leading={
            pinned ? <EngagedPostCard post={pinned} showDelivery={manages} linkToPost pinned /> : undefined
          }
          empty={
            <Card variant="outlined">
              <EmptyState
                icon={<CampaignOutlinedIcon />}
                title={t('notifications.feed.emptyTitle')}
                text={
                  canPost && !stopped
                    ? t('notifications.feed.emptyTextSender')
                    : manages
                      ? t('notifications.feed.emptyTextManager')
                      : t('notifications.feed.emptyTextFollower')
                }
              />
            </Card>
          }
        />
      </Stack>
    </Stack>
  );
}

/** Said instead of the compose card while the establishment may not send. */
function CannotSend({ status, canActivate }: { status: 'blocked' | 'inactive'; canActivate: boolean }) {
  const { t } = useTranslation();
  const blocked = status === 'blocked';
  return (
    <Alert
      severity={blocked ? 'error' : 'warning'}
      icon={blocked ? <BlockOutlinedIcon /> : <PauseCircleOutlineIcon />}
      variant="outlined"
    >
      <AlertTitle>{t('notifications.compose.cannotSendTitle')}</AlertTitle>
      {translateMessage(
        t,
        blocked ? Msg.establishmentCannotSendBlocked : Msg.establishmentCannotSendInactive,
      )}{' '}
      {blocked
        ? t('notifications.compose.cannotSendBlockedHelp')
        : canActivate
          ? t('notifications.compose.cannotSendInactiveHelp')
          : t('notifications.compose.cannotSendInactiveAskOperator')}
    </Alert>
  );
}
