import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/quiet-hours.contracts';
import type { QuietHoursBody } from '../../../../shared/schemas/quiet-hours.schema';
import { callApi } from '../../../lib/call-api';

/** The query key of the signed-in user's quiet hours. */
export const quietHoursKey = ['account', 'quiet-hours'] as const;

/** getQuietHours: the signed-in user's quiet hours. */
export function useQuietHours(enabled = true) {
  return useQuery({
    queryKey: quietHoursKey,
    queryFn: ({ signal }) => callApi(contracts.getQuietHours, {}, { signal }),
    enabled,
  });
}

/** setQuietHours: save or turn off; the answer is the saved setting. */
export function useSetQuietHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuietHoursBody) => callApi(contracts.setQuietHours, { body }),
    onSuccess: (saved) => queryClient.setQueryData(quietHoursKey, saved),
  });
}
