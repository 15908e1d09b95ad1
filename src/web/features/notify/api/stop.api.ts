import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCurrentUser } from '../../../../shared/contracts/account.contracts';
import { unfollowEstablishment } from '../../../../shared/contracts/establishments.contracts';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/**
 * A guest follower stops the notifications of a business that is not its last: unfollow (DELETE
 * follow), then the session user is read again, so menus and pages know the follow is gone. The
 * last follow goes through useGuestLeave (components/guest-leave.tsx), which asks first.
 */
export function useGuestUnfollow() {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: async (establishmentId: string) => {
      await callApi(unfollowEstablishment, { params: { id: establishmentId } });
      const { user } = await callApi(getCurrentUser, {});
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: establishmentKeys.all });
    },
  });
}
