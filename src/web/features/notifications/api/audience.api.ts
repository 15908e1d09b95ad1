import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/preferences.contracts';
import { notificationKeys } from '../../../lib/api/notification-keys';
import { callApi } from '../../../lib/call-api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * GET /api/establishments/{id}/audience: how many followers a send with these preferences
 * reaches, by phone and by email, on how many devices and addresses. Asked once the choice has
 * settled for a moment; the previous figures stay on screen (marked as updating) while the new
 * ones load.
 */
export function useAudience(establishmentId: string, preferenceIds: string[]) {
  const settled = useDebouncedValue([...preferenceIds].sort().join(','), 350);
  return useQuery({
    queryKey: notificationKeys.audience(establishmentId, settled),
    queryFn: ({ signal }) =>
      callApi(
        contracts.getEstablishmentAudience,
        { params: { id: establishmentId }, query: { preferenceIds: settled } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    // A follower may join or pick meanwhile: a choice made again is asked again after a while.
    staleTime: 15_000,
  });
}
