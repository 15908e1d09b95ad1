import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import { callApi } from '../../../lib/call-api';
import { useEndDeadSession } from './end-dead-session';

/**
 * Delete one's account at once with all its data (contract deleteAccount; spec section 4), proving
 * one holds it with the current password (a guest follower has none).
 */
export const deleteAccount = (currentPassword?: string) =>
  callApi(contracts.deleteAccount, { body: currentPassword === undefined ? {} : { currentPassword } });

/** Mutation for the delete-account dialog; afterwards the session is gone and the app is on /login. */
export function useDeleteAccount() {
  const endDeadSession = useEndDeadSession();
  return useMutation({ mutationFn: deleteAccount, onSuccess: endDeadSession });
}
