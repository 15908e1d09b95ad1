import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/business-voice.contracts';
import { notificationKeys } from '../../../lib/api/notification-keys';
import { callApi } from '../../../lib/call-api';

/** The query key of an establishment's pinned post (under its posts, so their refreshes include it). */
export const pinnedKey = (establishmentId: string) =>
  [...notificationKeys.establishment(establishmentId), 'pinned'] as const;

/** GET /api/establishments/{id}/pinned-post: the post pinned to the top of its feed, or null. */
export function usePinnedPost(establishmentId: string, enabled = true) {
  return useQuery({
    queryKey: pinnedKey(establishmentId),
    queryFn: ({ signal }) =>
      callApi(contracts.getPinnedPost, { params: { id: establishmentId } }, { signal }),
    select: (answer) => answer.post,
    enabled,
  });
}

/** PUT (pin this post, replacing the pinned one) or DELETE (unpin) /api/establishments/{id}/pinned-post. */
export function useSetPinned(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string | null) =>
      postId
        ? callApi(contracts.pinPost, { params: { id: establishmentId }, body: { postId } })
        : callApi(contracts.unpinPost, { params: { id: establishmentId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(pinnedKey(establishmentId), { post: answer.post });
    },
  });
}
