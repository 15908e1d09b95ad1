import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/time-zone.contracts';
import type { AccountTimeZoneBody } from '../../../../shared/schemas/time-zone.schema';
import { callApi } from '../../../lib/call-api';

/** The query key of the signed-in user's own time zone. */
export const timeZoneKey = ['account', 'time-zone'] as const;

/** getTimeZone: the signed-in user's time zone (null: none known yet) and whether they chose it. */
export function useAccountTimeZone(enabled = true) {
  return useQuery({
    queryKey: timeZoneKey,
    queryFn: ({ signal }) => callApi(contracts.getTimeZone, {}, { signal }),
    enabled,
  });
}

/**
 * setTimeZone: keep a zone whatever the device says, or null to follow the device again (the call's
 * X-Time-Zone header sets it); the answer is the saved zone and the server's message.
 */
export function useSetAccountTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountTimeZoneBody) => callApi(contracts.setTimeZone, { body }),
    onSuccess: ({ timeZone }) => queryClient.setQueryData(timeZoneKey, { timeZone }),
  });
}
