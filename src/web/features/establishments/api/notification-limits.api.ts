import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setEstablishmentNotificationLimits } from '../../../../shared/contracts/notification-limits.contracts';
import type { NotificationLimitsBody } from '../../../../shared/schemas/notification-limits.schema';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';

/**
 * setEstablishmentNotificationLimits: the business's own limits (null: the platform's default).
 * The establishment is read again, and so is the compose's count, whose "held" follows the limits.
 */
export function useSetNotificationLimits(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationLimitsBody) =>
      callApi(setEstablishmentNotificationLimits, { params: { id: establishmentId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: establishmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['notifications', 'audience', establishmentId] }),
      ]),
  });
}
