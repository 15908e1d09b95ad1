import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import type { FeedPage, Post } from '../../../../shared/schemas/notification.schema';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { PostCardSkeleton } from './post-card';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  /** What to show when there is no post at all. */
  empty: ReactNode;
  /** The list's accessible name. */
  label: string;
  renderPost(post: Post): ReactNode;
  /** Shown before the posts (the pinned post). */
  leading?: ReactNode;
  /** A post left out of the list: the pinned one, shown first as `leading`. */
  skipId?: string;
}

/** Posts newest first; the next page loads when the end of the list scrolls into view. */
export function PostList({ query, empty, label, renderPost, leading, skipId }: Props) {
  const { t } = useTranslation();
  const { ref: endRef, inView } = useInView({ rootMargin: '400px 0px' });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [inView, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) {
    return (
      <Stack spacing={2} role="status" aria-busy="true" aria-label={t('notifications.feed.loading')}>
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return (
      <RetryAlert retryLabel={t('notifications.feed.retry')} onRetry={query.refetch}>
        {t('notifications.feed.error')} {apiErrorText(t, query.error)}
      </RetryAlert>
    );
  }
  const all = query.data?.pages.flatMap((page) => page.items) ?? [];
  const posts = skipId ? all.filter((post) => post.id !== skipId) : all;
  if (all.length === 0 && !leading) return <>{empty}</>;

  return (
    <Stack spacing={2} component="section" aria-label={label}>
      {leading}
      {posts.map((post) => (
        <Box key={post.id}>{renderPost(post)}</Box>
      ))}
      <Box ref={endRef} sx={{ display: 'grid', placeItems: 'center', minHeight: 48 }}>
        {isFetchingNextPage && (
          <CircularProgress size={28} aria-label={t('notifications.feed.loadingMore')} />
        )}
        {isFetchNextPageError && (
          <RetryAlert
            retryLabel={t('notifications.feed.retry')}
            onRetry={fetchNextPage}
            sx={{ width: '100%' }}
          >
            {apiErrorText(t, query.error)}
          </RetryAlert>
        )}
        {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
          // For keyboards and for screens where the end never scrolls into view.
          <Button onClick={() => fetchNextPage()}>{t('notifications.feed.loadMore')}</Button>
        )}
        {!hasNextPage && posts.length > 3 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('notifications.feed.end')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
