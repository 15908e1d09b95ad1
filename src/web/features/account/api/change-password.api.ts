import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import type { ChangePasswordBody } from '../../../../shared/schemas/account.schema';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/** Change one's password (contract changePassword); the server ends every other session. */
export const changePassword = (body: ChangePasswordBody) => callApi(contracts.changePassword, { body });

/** Mutation for the password form; keeps this session alive with the fresh token. */
export function useChangePassword() {
  const { setToken } = useSession();
  // The old token stops working at once, so the new one must be stored before any other call.
  return useMutation({ mutationFn: changePassword, onSuccess: ({ accessToken }) => setToken(accessToken) });
}
