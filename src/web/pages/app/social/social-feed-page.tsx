import DynamicFeedOutlinedIcon from '@mui/icons-material/DynamicFeedOutlined';
import { Card, Stack } from '@mui/material';
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
      <PostList
        query={feed}
        label={t('notifications.social.title')}
        renderPost={(post) => <EngagedPostCard post={post} linkBusiness linkToPost />}
        empty={<SocialFeedEmpty />}
      />
    </Stack>
  );
}

/**
 * The empty feed says why: the businesses followed have not posted yet, or none is followed yet
 * (only then: "Follow a business"). Asked only when the feed is empty.
 */
function SocialFeedEmpty() {
  const { t } = useTranslation();
  const follows = useMyFollows();
  const followed = follows.data?.items;
  let text = t('notifications.social.emptyPending');
  if (followed?.length === 0) text = t('notifications.social.emptyText');
  else if (followed?.length === 1)
    text = t('notifications.social.emptyNotPostedOne', { name: followed[0]!.establishment.name });
  else if (followed) text = t('notifications.social.emptyNotPosted');
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<DynamicFeedOutlinedIcon />}
        title={t('notifications.social.emptyTitle')}
        text={text}
      />
    </Card>
  );
}
