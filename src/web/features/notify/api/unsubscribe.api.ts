import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/notify.contracts';
import type { UnsubscribeInfo } from '../../../../shared/schemas/notify.schema';
import { ApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

const unsubscribeKey = (token: string) => ['email', 'unsubscribe', token] as const;

/** getUnsubscribeInfo: which business an email's unsubscribe link stops, and whether it still emails. */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => callApi(contracts.getUnsubscribeInfo, { params: { token } }, { signal }),
    enabled: token !== '',
    // An unknown or spent link is an answer, not a hiccup: said at once instead of asked again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

/** unsubscribeEmail: stop that business's emails; the page then reads it as no longer emailing. */
export function useUnsubscribeEmail(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contracts.unsubscribeEmail, { params: { token } }),
    onSuccess: () =>
      queryClient.setQueryData<UnsubscribeInfo>(unsubscribeKey(token), (info) =>
        info ? { ...info, emailing: false } : info,
      ),
  });
}
