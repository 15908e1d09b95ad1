import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/reactions.contracts';
import type { Post, ReactionSummary } from '../../../../shared/schemas/notification.schema';
import type { ReactionKind } from '../../../../shared/schemas/reaction-kinds';
import { notificationKeys } from '../../../lib/api/notification-keys';
import { patchCachedLists } from '../../../lib/api/post-cache';
import { callApi } from '../../../lib/call-api';

/** Who reacted is listed this many at a time. */
const PAGE_SIZE = 20;

/** TanStack Query keys of the reactions feature. */
export const reactionKeys = {
  all: ['reactions'] as const,
  post: (postId: string) => ['reactions', postId] as const,
  list: (postId: string, kind: ReactionKind | null) => ['reactions', postId, kind ?? 'all'] as const,
};

/** Put a post's reactions into its own entry and every cached feed page, so each view shows them. */
function writeReactions(queryClient: QueryClient, postId: string, reactions: ReactionSummary) {
  const patch = (post: Post) => (post.id === postId ? { ...post, reactions } : post);
  queryClient.setQueryData<Post>(notificationKeys.post(postId), (post) => (post ? patch(post) : post));
  patchCachedLists(queryClient, patch);
}

/**
 * PUT (a kind) or DELETE (null) /api/notifications/{id}/reaction. The card shows the choice at once
 * from the mutation's variables (see ReactionBar); the answer's counts then go into every cached view.
 * One post's changes run one after another, so a later answer never loses to an earlier one.
 */
export function useReaction(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `reaction:${postId}` },
    mutationFn: (kind: ReactionKind | null) =>
      kind
        ? callApi(contracts.setReaction, { params: { id: postId }, body: { kind } })
        : callApi(contracts.removeReaction, { params: { id: postId } }),
    onSuccess: ({ reactions }) => {
      writeReactions(queryClient, postId, reactions);
      return queryClient.invalidateQueries({ queryKey: reactionKeys.post(postId) });
    },
  });
}

/** GET /api/notifications/{id}/reactions: who reacted (of one kind, or all), newest first, page by page. */
export function useReactionList(postId: string, kind: ReactionKind | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reactionKeys.list(postId, kind),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        contracts.listReactions,
        {
          params: { id: postId },
          query: { limit: PAGE_SIZE, kind: kind ?? undefined, cursor: pageParam ?? undefined },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    // Opening the dialog again shows who reacted since.
    staleTime: 0,
  });
}
