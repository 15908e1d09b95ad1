import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/management.contracts';
import { auditLogKeys } from '../../../lib/api/audit-log-keys';
import { peopleKeys } from '../../../lib/api/people-keys';
import { callApi } from '../../../lib/call-api';

/** After an action the person and the audit log read anew. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
    ]);
}

/** resetUserPassword: a new random password goes out by email; the user's sessions end. */
export function useResetUserPassword(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callApi(contracts.resetUserPassword, { params: { id } }),
    onSuccess: refresh,
  });
}

/** sendUserVerification: the verification link again. */
export function useSendUserVerification(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callApi(contracts.sendUserVerification, { params: { id } }),
    onSuccess: refresh,
  });
}

/** deleteUser: the account and all its data; cannot be undone. */
export function useDeleteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contracts.deleteUser, { params: { id } }),
    onSuccess: () => {
      // The deleted person's page must not refetch into a 404 while the list opens.
      queryClient.removeQueries({ queryKey: peopleKeys.one(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
      ]);
    },
  });
}

/** impersonateUser: a session as this user that records the acting admin. */
export function useImpersonateUser(id: string) {
  return useMutation({ mutationFn: () => callApi(contracts.impersonateUser, { params: { id } }) });
}

/** endImpersonation: back to the acting admin's own session. */
export function useEndImpersonation() {
  return useMutation({ mutationFn: () => callApi(contracts.endImpersonation, {}) });
}
