import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/notifications.contracts';
import {
  type ComposeNotificationBody,
  type DeliveryStatus,
  IDEMPOTENCY_HEADER,
} from '../../../../shared/schemas/notification.schema';
import { notificationKeys } from '../../../lib/api/notification-keys';
import { replaceCachedPost } from '../../../lib/api/post-cache';
import { ApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

const PAGE_SIZE = 10;
/** How often a running send's figures are asked for again. */
export const DELIVERY_POLL_MS = 2000;

/**
 * How often the feeds and a post page are asked for again while the page is visible, so reactions
 * and comments of others show without reloading; also on coming back to the tab.
 */
export const FEED_REFRESH_MS = 30_000;

/** Whether a send is still running, so its figures are worth polling. */
export const isSending = (status: DeliveryStatus | undefined) => status === 'queued' || status === 'sending';

/** GET /api/establishments/{id}/posts, newest first, a page at a time; `all` adds push-only sends (managers). */
export function useEstablishmentPosts(establishmentId: string, all: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.establishmentPosts(establishmentId, all),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        contracts.listEstablishmentPosts,
        {
          params: { id: establishmentId },
          query: { limit: PAGE_SIZE, all: all ? 'true' : undefined, cursor: pageParam ?? undefined },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a send runs, its delivery line moves: ask again until every listed send is done.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((post) => isSending(post.delivery?.status)))
        ? DELIVERY_POLL_MS
        : FEED_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/feed: posts of every establishment the caller follows or operates, newest first. */
export function useSocialFeed() {
  return useInfiniteQuery({
    queryKey: notificationKeys.feed(),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        contracts.getSocialFeed,
        { query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: FEED_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** GET /api/notifications/{id}; polls every 2 s while its send is queued or sending. */
export function usePost(id: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.post(id ?? ''),
    queryFn: ({ signal }) =>
      callApi(contracts.getNotification, { params: { id: id ?? '' } }, { signal }).then((r) => r.post),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      isSending(query.state.data?.delivery?.status) ? DELIVERY_POLL_MS : FEED_REFRESH_MS,
    refetchOnWindowFocus: true,
    // Not allowed and not found are answers: show them at once.
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 403 || error.status === 404)) && failures < 1,
  });
}

/** POST /api/establishments/{id}/media: a picture, a PDF or a video (with its poster frame) for a notification. */
export function useUploadMedia(establishmentId: string) {
  return useMutation({
    mutationFn: ({ file, poster }: { file: File; poster?: Blob | null }) => {
      const form = new FormData();
      // The poster first: the server reads the parts in order and checks the file with it.
      if (poster) form.append('poster', poster, 'poster.jpeg');
      form.append('file', file);
      return callApi(contracts.uploadNotificationMedia, { params: { id: establishmentId } }, { form }).then(
        (r) => r.media,
      );
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
      callApi(contracts.sendNotification, {
        params: { id: establishmentId },
        headers: { [IDEMPOTENCY_HEADER]: composeKey },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * PATCH /api/notifications/{id}: "Post updated"; with `updatePhones`, the phones that got it show the
 * new text too.
 */
export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text, updatePhones }: { id: string; text: string; updatePhones?: boolean }) =>
      callApi(contracts.editNotification, {
        params: { id },
        body: { text, ...(updatePhones ? { updatePhones: true } : {}) },
      }),
    onSuccess: ({ post }) => {
      replaceCachedPost(queryClient, post);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/**
 * DELETE /api/notifications/{id}: "Post deleted"; with `withdraw`, also taken off the phones that
 * got it.
 */
/** POST /api/notifications/{id}/withdraw: off the phones that got it; the post stays in the feeds. */
export function useWithdrawPost() {
  return useMutation({
    mutationFn: (id: string) => callApi(contracts.withdrawNotification, { params: { id } }),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, withdraw }: { id: string; withdraw?: boolean }) =>
      callApi(contracts.deleteNotification, {
        params: { id },
        query: withdraw ? { withdraw: 'true' } : {},
      }),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: notificationKeys.post(id) });
      return queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (query) => query.queryKey[1] !== 'post',
      });
    },
  });
}
