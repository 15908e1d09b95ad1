import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/account/me: the signed-in user as the server knows them now. */
export const fetchCurrentUser = () => api<{ user: User }>('/api/account/me').then(({ user }) => user);

/** Re-read the signed-in user (after verifying the email, say) and store it in the session. */
export function useRefreshCurrentUser() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: fetchCurrentUser, onSuccess: setUser });
}
