import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import { callApi } from '../../../lib/call-api';
import { useEndDeadSession } from './end-dead-session';

/** Delete one's account at once with all its data (contract deleteAccount; spec section 4). */
export const deleteAccount = () => callApi(contracts.deleteAccount, {});

/** Mutation for the delete-account button; afterwards the session is gone and the app is on /login. */
export function useDeleteAccount() {
  const endDeadSession = useEndDeadSession();
  return useMutation({ mutationFn: deleteAccount, onSuccess: endDeadSession });
}
