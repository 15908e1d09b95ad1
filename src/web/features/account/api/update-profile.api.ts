import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import type { ProfileBody } from '../../../../shared/schemas/account.schema';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/** Save one's own profile (contract updateProfile). */
export const updateProfile = (body: ProfileBody) => callApi(contracts.updateProfile, { body });

/** Mutation for the profile form; the session user is replaced by the saved one. */
export function useUpdateProfile() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => setUser(user) });
}
