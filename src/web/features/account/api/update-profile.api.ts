import { useMutation } from '@tanstack/react-query';
import type { ProfileBody, User } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface ProfileResult {
  user: User;
  message: string;
}

/** POST /api/account/profile: save one's own profile. */
export const updateProfile = (body: ProfileBody) =>
  api<ProfileResult>('/api/account/profile', { method: 'POST', body });

/** Mutation for the profile form; the session user is replaced by the saved one. */
export function useUpdateProfile() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => setUser(user) });
}
