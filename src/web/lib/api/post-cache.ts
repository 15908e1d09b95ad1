import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';
import { notificationKeys } from './notification-keys';

/** Change posts in every cached feed and establishment list, so each view shows the change at once. */
export function patchCachedLists(queryClient: QueryClient, patch: (post: Post) => Post) {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: notificationKeys.all }, (data) =>
    // Under the same key prefix sit single posts and audiences too: only paged lists are changed.
    data?.pages
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) }
      : data,
  );
}

/** Put a post as the server now answers it into its own entry and every cached list. */
export function replaceCachedPost(queryClient: QueryClient, post: Post) {
  queryClient.setQueryData(notificationKeys.post(post.id), post);
  patchCachedLists(queryClient, (item) => (item.id === post.id ? post : item));
}
