import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useEndDeadSession } from './end-dead-session';

/** POST /api/account/logout-all: end every session of the user, this one included. */
export const logoutAll = () => api<{ message: string }>('/api/account/logout-all', { method: 'POST' });

/** Mutation for "Sign out on all devices"; afterwards the session is gone and the app is on /login. */
export function useLogoutAll() {
  const endDeadSession = useEndDeadSession();
  return useMutation({ mutationFn: logoutAll, onSuccess: endDeadSession });
}
