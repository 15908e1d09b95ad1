import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/** The signed-in user as the server knows them now (contract getCurrentUser). */
export const fetchCurrentUser = () => callApi(contracts.getCurrentUser, {}).then(({ user }) => user);

/** Re-read the signed-in user (after verifying the email, say) and store it in the session. */
export function useRefreshCurrentUser() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: fetchCurrentUser, onSuccess: setUser });
}
