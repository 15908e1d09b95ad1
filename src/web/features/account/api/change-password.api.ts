import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** POST /api/account/password: change one's password; the server ends every other session. */
export const changePassword = (body: ChangePasswordBody) =>
  api<{ message: string; accessToken: string }>('/api/account/password', { method: 'POST', body });

/** Mutation for the password form; keeps this session alive with the fresh token. */
export function useChangePassword() {
  const { setToken } = useSession();
  // The old token stops working at once, so the new one must be stored before any other call.
  return useMutation({ mutationFn: changePassword, onSuccess: ({ accessToken }) => setToken(accessToken) });
}
