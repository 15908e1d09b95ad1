import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/notifications.contracts';
import type { WeeklyRuleBody } from '../../../../shared/schemas/weekly-send.schema';
import { notificationKeys } from '../../../lib/api/notification-keys';
import { callApi } from '../../../lib/call-api';

/** Scheduled sends: under notificationKeys.all, so a send or an edit anywhere refreshes the list. */
export const scheduledKey = (establishmentId: string) =>
  [...notificationKeys.all, 'scheduled', establishmentId] as const;

/** GET /api/establishments/{id}/scheduled: its sends still waiting, soonest first. */
export function useScheduled(establishmentId: string, enabled = true) {
  return useQuery({
    queryKey: scheduledKey(establishmentId),
    queryFn: ({ signal }) =>
      callApi(contracts.listScheduledNotifications, { params: { id: establishmentId } }, { signal }).then(
        (r) => r.items,
      ),
    enabled,
  });
}

/** PATCH /api/notifications/{id} of a scheduled send: its text and its time. */
export function useEditScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      text?: string;
      scheduledFor?: string;
      localTime?: boolean;
    }) => callApi(contracts.editNotification, { params: { id }, body }),
    // Also after a 409 (it went meanwhile): the list and the feed show where it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** PUT /api/weekly-sends/{id}: a weekly send's rule; its waiting send moves to the new rule's first time. */
export function useUpdateWeeklySend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & WeeklyRuleBody) =>
      callApi(contracts.updateWeeklySend, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /api/weekly-sends/{id}/pause or /resume: the series held, or going again from its next time. */
export function usePauseWeeklySend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pause }: { id: string; pause: boolean }) =>
      callApi(pause ? contracts.pauseWeeklySend : contracts.resumeWeeklySend, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** DELETE /api/notifications/{id} of a scheduled send: cancelled for good. */
export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contracts.deleteNotification, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
