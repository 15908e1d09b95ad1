import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import { callApi } from '../../../lib/call-api';
import { useEndDeadSession } from './end-dead-session';

/** End every session of the user, this one included (contract logoutAll). */
export const logoutAll = () => callApi(contracts.logoutAll, {});

/** Mutation for "Sign out on all devices"; afterwards the session is gone and the app is on /login. */
export function useLogoutAll() {
  const endDeadSession = useEndDeadSession();
  return useMutation({ mutationFn: logoutAll, onSuccess: endDeadSession });
}
