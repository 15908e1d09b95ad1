import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ComposeNotificationBody,
  type DeliveryStatus,
  type FeedPage,
  IDEMPOTENCY_HEADER,
  type Media,
  type Post,
} from '../../../../shared/schemas/notification.schema';
import { ApiError, api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

const PAGE_SIZE = 10;
/** How often a running send's figures are asked for again. */
export const DELIVERY_POLL_MS = 2000;

/** Whether a send is still running, so its figures are worth polling. */
export const isSending = (status: DeliveryStatus | undefined) => status === 'queued' || status === 'sending';

const pageUrl = (path: string, cursor: string | null, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), ...extra });
  if (cursor) params.set('cursor', cursor);
  return `${path}?${params}`;
};

/** GET /api/establishments/{id}/posts, newest first, a page at a time; `all` adds push-only sends (managers). */
export function useEstablishmentPosts(establishmentId: string, all: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.establishmentPosts(establishmentId, all),
    queryFn: ({ pageParam, signal }) =>
      api<FeedPage>(
        pageUrl(
          `/api/establishments/${encodeURIComponent(establishmentId)}/posts`,
          pageParam,
          all ? { all: 'true' } : {},
        ),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a send runs, its delivery line moves: ask again until every listed send is done.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((post) => isSending(post.delivery?.status)))
        ? DELIVERY_POLL_MS
        : false,
  });
}

/** GET /api/feed: posts of every establishment the caller follows or operates, newest first. */
export function useSocialFeed() {
  return useInfiniteQuery({
    queryKey: notificationKeys.feed(),
    queryFn: ({ pageParam, signal }) => api<FeedPage>(pageUrl('/api/feed', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/notifications/{id}; polls every 2 s while its send is queued or sending. */
export function usePost(id: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.post(id ?? ''),
    queryFn: ({ signal }) =>
      api<{ post: Post }>(`/api/notifications/${encodeURIComponent(id ?? '')}`, { signal }).then(
        (r) => r.post,
      ),
    enabled: Boolean(id),
    refetchInterval: (query) => (isSending(query.state.data?.delivery?.status) ? DELIVERY_POLL_MS : false),
    // Not allowed and not found are answers: show them at once.
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 403 || error.status === 404)) && failures < 1,
  });
}

/** POST /api/establishments/{id}/media: a picture for a notification. */
export function useUploadMedia(establishmentId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<{ media: Media }>(`/api/establishments/${encodeURIComponent(establishmentId)}/media`, {
        method: 'POST',
        form,
      }).then((r) => r.media);
    },
  });
}

/**
 * POST /api/establishments/{id}/notifications: "send" (post=false) or "send and post" (post=true).
 * `composeKey` is the compose's Idempotency-Key: a repeat (double click, a retry after a lost
 * answer) answers the first send and sends nothing twice.
 */
export function useSendNotification(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, composeKey }: { body: ComposeNotificationBody; composeKey: string }) =>
      api<{ notification: Post; message: string }>(
        `/api/establishments/${encodeURIComponent(establishmentId)}/notifications`,
        { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: composeKey } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Put a changed post into every cached list and its own entry, so the screen changes at once. */
function useReplaceCachedPost() {
  const queryClient = useQueryClient();
  return (post: Post) => {
    queryClient.setQueryData(notificationKeys.post(post.id), post);
    queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: notificationKeys.all }, (data) =>
      data?.pages
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === post.id ? post : item)),
            })),
          }
        : data,
    );
  };
}

/** PATCH /api/notifications/{id}: "Post updated". */
export function useEditPost() {
  const queryClient = useQueryClient();
  const replace = useReplaceCachedPost();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api<{ post: Post; message: string }>(`/api/notifications/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { text },
      }),
    onSuccess: ({ post }) => {
      replace(post);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/** DELETE /api/notifications/{id}: "Post deleted". */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: notificationKeys.post(id) });
      return queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (query) => query.queryKey[1] !== 'post',
      });
    },
  });
}
