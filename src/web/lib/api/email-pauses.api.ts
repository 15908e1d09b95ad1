import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../shared/contracts/email-complaints.contracts';
import { callApi } from '../call-api';
import { auditLogKeys } from './audit-log-keys';
import { notificationKeys } from './notification-keys';

/**
 * Businesses whose email is paused for their spam complaints: the admins' list (Email health) and
 * the lifting of a pause, which the compose form of that business offers admins too.
 */
export const emailPauseKeys = { all: ['management', 'email-pauses'] as const };

/** listEmailPauses (admins). */
export function useEmailPauses() {
  return useQuery({
    queryKey: emailPauseKeys.all,
    queryFn: ({ signal }) => callApi(contracts.listEmailPauses, {}, { signal }),
  });
}

/** liftEmailPause: the business's email goes out again; its compose form, the list and the log read anew. */
export function useLiftEmailPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (establishmentId: string) =>
      callApi(contracts.liftEmailPause, { params: { id: establishmentId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailPauseKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'audience'] }),
        queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
      ]),
  });
}
