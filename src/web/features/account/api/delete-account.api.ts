import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useEndDeadSession } from './end-dead-session';

/** DELETE /api/account: delete one's account at once with all its data (spec section 4). */
export const deleteAccount = () => api<{ message: string }>('/api/account', { method: 'DELETE' });

/** Mutation for the delete-account button; afterwards the session is gone and the app is on /login. */
export function useDeleteAccount() {
  const endDeadSession = useEndDeadSession();
  return useMutation({ mutationFn: deleteAccount, onSuccess: endDeadSession });
}
