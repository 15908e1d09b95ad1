import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/conversations.contracts';
import { callApi } from '../../../lib/call-api';

/**
 * "Reply privately": POST /api/establishments/{id}/conversations, the follower's private
 * conversation with the business (added to their open one, else opened), from this post.
 */
export function useStartConversation(establishmentId: string, postId: string) {
  return useMutation({
    mutationFn: (text: string) =>
      callApi(contracts.startConversation, { params: { id: establishmentId }, body: { text, postId } }),
  });
}

/**
 * "Message privately" from the business: POST /api/comments/{id}/private-reply, a message to the
 * comment's author in their conversation with the business (the server quotes the comment).
 */
export function useReplyPrivately(commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      callApi(contracts.replyToCommentPrivately, { params: { id: commentId }, body: { text } }),
    // The inbox and its count show the conversation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  });
}
