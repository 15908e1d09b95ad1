import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/operator-notices.contracts';
import type { OperatorNoticeSettings } from '../../../../shared/schemas/operator-notice.schema';
import { callApi } from '../../../lib/call-api';

/** The query key of the signed-in operator's email notice setting. */
export const operatorNoticesKey = ['account', 'operator-notices'] as const;

/** getOperatorNotices: how often the operator is emailed about new comments and messages. */
export function useOperatorNotices(enabled = true) {
  return useQuery({
    queryKey: operatorNoticesKey,
    queryFn: ({ signal }) => callApi(contracts.getOperatorNotices, {}, { signal }),
    enabled,
  });
}

/** setOperatorNotices: save; the answer is the saved setting. */
export function useSetOperatorNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorNoticeSettings) => callApi(contracts.setOperatorNotices, { body }),
    onSuccess: (saved) => queryClient.setQueryData(operatorNoticesKey, saved),
  });
}
