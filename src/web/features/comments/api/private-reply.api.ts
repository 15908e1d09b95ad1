import { useMutation } from '@tanstack/react-query';
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
