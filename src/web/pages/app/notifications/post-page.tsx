import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, Card, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NotAllowed } from '../../../components/not-allowed';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { CommentsSection, takesComments } from '../../../features/comments/components/comments-section';
import { AskBusinessButton } from '../../../features/conversations/components/ask-business-button';
import { usePost } from '../../../features/notifications/api/notifications.api';
import { PostDeliveryTiles } from '../../../features/notifications/components/delivery-figures';
import { PostCardSkeleton } from '../../../features/notifications/components/post-card';
import { TargetingLine } from '../../../features/notifications/components/targeting-line';
import { StopNotifications } from '../../../features/notify/components/stop-notifications';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { EngagedPostCard } from './engaged-post-card';

/**
 * /app/establishment/{establishmentId}/notification/{postId}: the post (where a push opens), for its
 * followers with a way to stop that business's notifications (brought forward with ?stop=1), and for
 * managers how its send is going.
 */
export function PostPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { establishmentId = '', postId } = useParams();
  // A notification's "Stop notifications" button opens the post with ?stop=1 (src/web/sw/stop-action.ts).
  const askedToStop = useSearchParams()[0].get('stop') === '1';
  const query = usePost(postId);
  const post = query.data;
  const establishmentPath = `/app/establishment/${encodeURIComponent(post?.establishment.id ?? establishmentId)}`;
  const back = {
    to: establishmentPath,
    label: post
      ? t('notifications.postPage.back', { name: post.establishment.name })
      : t('notifications.postPage.backPlain'),
  };

  if (query.isError && !post) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403) return <NotAllowed />;
    if (status === 404) return <PostNotFound to={establishmentPath} />;
    return (
      <Stack spacing={3}>
        <PageHeader back={back} title={t('notifications.postPage.title')} />
        <RetryAlert retryLabel={t('notifications.feed.retry')} onRetry={query.refetch}>
          {apiErrorText(t, query.error)}
        </RetryAlert>
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <PageHeader
        back={back}
        title={post ? post.establishment.name : <Skeleton width={240} />}
        subtitle={
          post
            ? t(post.inFeed ? 'notifications.postPage.subtitlePost' : 'notifications.postPage.subtitlePush')
            : undefined
        }
      />
      {post ? (
        <>
          {post.targets && <TargetingLine targets={post.targets} delivery={post.delivery} />}
          {post.delivery && <PostDeliveryTiles post={post} figures={post.delivery} />}
          <EngagedPostCard
            post={post}
            fullPicture
            onDeleted={() => navigate(establishmentPath, { replace: true })}
          />
          <StopNotifications establishment={post.establishment} asked={askedToStop} />
          <Box>
            <AskBusinessButton establishment={post.establishment} postId={post.id} />
          </Box>
          {takesComments(post) && <CommentsSection post={post} />}
        </>
      ) : (
        <>
          <Skeleton variant="rounded" height={180} aria-hidden />
          <PostCardSkeleton />
        </>
      )}
    </Stack>
  );
}

/** 404: the post does not exist or was deleted. */
function PostNotFound({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<SearchOffOutlinedIcon />}
        title={t('notifications.postPage.notFoundTitle')}
        text={t('notifications.postPage.notFoundText')}
        action={
          <Button variant="contained" component={RouterLink} to={to} sx={{ mt: 1 }}>
            {t('notifications.postPage.notFoundBack')}
          </Button>
        }
      />
    </Card>
  );
}
