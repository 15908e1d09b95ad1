import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as voice from '../../../../shared/contracts/business-voice.contracts';
import * as contracts from '../../../../shared/contracts/comments.contracts';
import type { Comment, CommentPage } from '../../../../shared/schemas/comment.schema';
import { notificationKeys } from '../../../lib/api/notification-keys';
import { replaceCachedPost } from '../../../lib/api/post-cache';
import { callApi } from '../../../lib/call-api';
import { commentKeys } from './comment-keys';

const PAGE_SIZE = 20;
/** Others' comments (and a moderator's removals) show up without a reload, this often. */
const REFRESH_MS = 30_000;

/** GET /api/notifications/{id}/comments: oldest first, a page at a time. */
export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(postId),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        contracts.listComments,
        { params: { id: postId }, query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: REFRESH_MS,
  });
}

/** After a change: the post's comments again, and the count on its cards in every feed. */
function useRefresh(postId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentKeys.list(postId) }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    ]);
}

/** Put a changed comment into the cached pages, so the screen changes at once. */
function useReplaceCachedComment(postId: string) {
  const queryClient = useQueryClient();
  return (comment: Comment) =>
    queryClient.setQueryData<InfiniteData<CommentPage>>(commentKeys.list(postId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === comment.id ? comment : item)),
            })),
          }
        : data,
    );
}

/**
 * POST /api/notifications/{id}/comments; `asBusiness`: an operator writes as the business;
 * `parentId`: a reply to that comment.
 */
export function useCreateComment(postId: string) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: ({ text, asBusiness, parentId }: { text: string; asBusiness?: boolean; parentId?: string }) =>
      callApi(contracts.createComment, { params: { id: postId }, body: { text, asBusiness, parentId } }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/comments/{id}/hidden: a moderator hides a comment or shows it again. */
export function useSetCommentHidden(postId: string) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      callApi(voice.setCommentHidden, { params: { id }, body: { hidden } }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/establishments/{id}/comment-mutes: the followers whose comments are off, for moderators. */
export function useCommentMutes(establishmentId: string) {
  return useQuery({
    queryKey: commentKeys.mutes(establishmentId),
    queryFn: ({ signal }) => callApi(voice.listCommentMutes, { params: { id: establishmentId } }, { signal }),
  });
}

/** PUT or DELETE /api/establishments/{id}/comment-mutes/{userId}: turn a follower's comments off or on. */
export function useSetMuted(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: string; muted: boolean }) => {
      const params = { id: establishmentId, userId };
      return muted ? callApi(voice.muteCommenter, { params }) : callApi(voice.unmuteCommenter, { params });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(commentKeys.mutes(establishmentId), { items: answer.items });
      // Every conversation's menus say who is muted.
      return queryClient.invalidateQueries({ queryKey: commentKeys.posts });
    },
  });
}

/** PATCH /api/comments/{id} */
export function useEditComment(postId: string) {
  const replace = useReplaceCachedComment(postId);
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      callApi(contracts.editComment, { params: { id }, body: { text } }),
    onSuccess: ({ comment }) => replace(comment),
  });
}

/** DELETE /api/comments/{id}: its author, or a moderator. */
export function useDeleteComment(postId: string) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (id: string) => callApi(contracts.deleteComment, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/notifications/{id}/comment-settings: a moderator turns the post's comments on or off. */
export function useSetCommentsEnabled(postId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: (enabled: boolean) =>
      callApi(contracts.setCommentSettings, { params: { id: postId }, body: { enabled } }),
    onSuccess: ({ post }) => {
      replaceCachedPost(queryClient, post);
      return refresh();
    },
  });
}
