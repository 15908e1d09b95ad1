import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/conversations.contracts';
import type { Conversation, InboxFilter } from '../../../../shared/schemas/conversation.schema';
import { callApi } from '../../../lib/call-api';

/** TanStack Query keys of conversations. */
export const conversationKeys = {
  all: ['conversations'] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
  inbox: (establishmentId: string, filter: InboxFilter) =>
    ['conversations', 'inbox', establishmentId, filter] as const,
  unread: (establishmentId: string) => ['conversations', 'unread', establishmentId] as const,
  mine: (filter: InboxFilter) => ['conversations', 'mine', filter] as const,
};

/** New messages show up without a reload, this often. */
const REFRESH_MS = 20_000;

/** GET /api/conversations/{id}: the conversation, marked read for the reader. */
export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKeys.one(id),
    queryFn: ({ signal }) => callApi(contracts.getConversation, { params: { id } }, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** The business's shared inbox, newest first. */
export function useInbox(establishmentId: string, filter: InboxFilter) {
  return useQuery({
    queryKey: conversationKeys.inbox(establishmentId, filter),
    queryFn: ({ signal }) =>
      callApi(
        contracts.listInbox,
        { params: { id: establishmentId }, query: { filter, limit: 50 } },
        { signal },
      ),
    refetchInterval: REFRESH_MS,
  });
}

/** The sidebar's count of the business's unread conversations. */
export function useInboxUnread(establishmentId: string | null) {
  return useQuery({
    queryKey: conversationKeys.unread(establishmentId ?? ''),
    queryFn: ({ signal }) => callApi(contracts.inboxUnread, { params: { id: establishmentId! } }, { signal }),
    enabled: establishmentId !== null,
    refetchInterval: REFRESH_MS,
  });
}

/** The signed-in follower's conversations, and how many are unread (their Messages badge). */
export function useMyConversations(filter: InboxFilter = 'all', enabled = true) {
  return useQuery({
    queryKey: conversationKeys.mine(filter),
    queryFn: ({ signal }) =>
      callApi(contracts.listMyConversations, { query: { filter, limit: 50 } }, { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

/** After a change: the conversation as answered, and every list and count again. */
function useSettle() {
  const queryClient = useQueryClient();
  return (conversation: Conversation) => {
    queryClient.setQueryData(conversationKeys.one(conversation.id), { conversation });
    void queryClient.invalidateQueries({
      queryKey: conversationKeys.all,
      predicate: (q) => q.queryKey[1] !== 'one',
    });
  };
}

/** POST /api/establishments/{id}/conversations: ask the business, from its page or a post. */
export function useAskBusiness(establishmentId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ text, postId }: { text: string; postId?: string }) =>
      callApi(contracts.startConversation, { params: { id: establishmentId }, body: { text, postId } }),
    onSuccess: ({ conversation }) => settle(conversation),
  });
}

/** POST /api/conversations/{id}/messages: words, a picture uploaded to it, or both. */
export function useSendMessage(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: { text: string; picture?: string }) =>
      callApi(contracts.sendMessage, { params: { id }, body }),
    onSuccess: ({ conversation }) => settle(conversation),
  });
}

/** POST /api/conversations/{id}/close */
export function useCloseConversation(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => callApi(contracts.closeConversation, { params: { id } }),
    onSuccess: ({ conversation }) => settle(conversation),
  });
}

/** PUT /api/conversations/{id}/block */
export function useBlockFollower(id: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      callApi(contracts.blockConversationFollower, { params: { id }, body: { blocked } }),
    onSuccess: ({ conversation }) => settle(conversation),
  });
}
