import DynamicFeedOutlinedIcon from '@mui/icons-material/DynamicFeedOutlined';
import { Alert, Card, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { VerifiedGuard } from '../../../app/guards';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useSocialFeed } from '../../../features/notifications/api/notifications.api';
import { PostList } from '../../../features/notifications/components/post-list';
import { useMyFollows } from '../../../features/notify/api/follows.api';
import { PushPrompt } from '../../../features/push/components/push-prompt';
import { EngagedPostCard } from '../notifications/engaged-post-card';

/** /app/social/feed: posts of every business the user follows or operates, newest first. */
export function SocialFeedPage() {
  // An unverified user has no feed yet (can()): /waiting tells them to confirm their email.
  return (
    <VerifiedGuard right="feed:read">
      <SocialFeed />
    </VerifiedGuard>
  );
}

function SocialFeed() {
  const { t } = useTranslation();
  const feed = useSocialFeed();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('notifications.social.title')} subtitle={t('notifications.social.subtitle')} />
      <PushPrompt />
      <UnavailableNote />
      <PostList
        query={feed}
        label={t('notifications.social.title')}
        renderPost={(post) => <EngagedPostCard post={post} linkBusiness linkToPost />}
        empty={<SocialFeedEmpty />}
      />
    </Stack>
  );
}

/** The follows a blocked business is among: its posts are left out of the feed until the unblock. */
function useBlockedFollows() {
  const follows = useMyFollows();
  const followed = follows.data?.items;
  const blocked = followed?.filter((item) => item.establishment.blocked) ?? [];
  return { followed, blocked, open: followed?.filter((item) => !item.establishment.blocked) };
}

/**
 * Some of the businesses followed are blocked, others not: their posts are missing from the feed
 * for now, which the feed says (when all are, the empty feed says it).
 */
function UnavailableNote() {
  const { t } = useTranslation();
  const { blocked, open } = useBlockedFollows();
  if (blocked.length === 0 || !open?.length) return null;
  const names = blocked.map((item) => item.establishment.name).join(', ');
  return <Alert severity="info">{t('notifications.social.unavailableNote', { names })}</Alert>;
}

/**
 * The empty feed says why: the businesses followed are blocked (temporarily unavailable), have not
 * posted yet, or none is followed yet (only then: "Follow a business"). Asked only when it is empty.
 */
function SocialFeedEmpty() {
  const { t } = useTranslation();
  const { followed, blocked, open } = useBlockedFollows();
  const allBlocked = blocked.length > 0 && open?.length === 0;
  let text = t('notifications.social.emptyPending');
  if (followed?.length === 0) text = t('notifications.social.emptyText');
  else if (allBlocked && blocked.length === 1)
    text = t('notifications.social.unavailableOne', { name: blocked[0]!.establishment.name });
  else if (allBlocked) text = t('notifications.social.unavailableMany');
  else if (open?.length === 1)
    text = t('notifications.social.emptyNotPostedOne', { name: open[0]!.establishment.name });
  else if (open) text = t('notifications.social.emptyNotPosted');
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<DynamicFeedOutlinedIcon />}
        title={t(allBlocked ? 'notifications.social.unavailableTitle' : 'notifications.social.emptyTitle')}
        text={text}
      />
    </Card>
  );
}
