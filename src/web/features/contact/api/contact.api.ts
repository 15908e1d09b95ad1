import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/contact.contracts';
import type { ContactRequestBody } from '../../../../shared/schemas/contact.schema';
import { callApi } from '../../../lib/call-api';

const PAGE_SIZE = 10;

export const contactKeys = {
  all: ['contactRequests'] as const,
};

/** sendContactRequest: a business writes to the representatives from /home. */
export function useSendContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactRequestBody) => callApi(contracts.sendContactRequest, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** listContactRequests: the businesses' requests, newest first, a page at a time (representatives, admins). */
export function useContactRequests() {
  return useInfiniteQuery({
    queryKey: contactKeys.all,
    queryFn: ({ pageParam, signal }) =>
      callApi(
        contracts.listContactRequests,
        { query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
