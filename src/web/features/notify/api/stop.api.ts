import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCurrentUser } from '../../../../shared/contracts/account.contracts';
import { unfollowEstablishment } from '../../../../shared/contracts/establishments.contracts';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';
import { dropPushHere } from '../../../lib/push-subscription';
import { useSession } from '../../../lib/session';

/**
 * A guest follower stops a business's notifications: unfollow (DELETE follow). On the guest's last
 * follow the server deletes the guest with its device and session, so this device drops its push
 * subscription here and the caller ends the session locally (`last`); otherwise the session user is
 * read again, so menus and pages know the follow is gone.
 */
export function useGuestUnfollow() {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: async ({ establishmentId, last }: { establishmentId: string; last: boolean }) => {
      await callApi(unfollowEstablishment, { params: { id: establishmentId } });
      if (last) {
        await dropPushHere();
        return;
      }
      const { user } = await callApi(getCurrentUser, {});
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: establishmentKeys.all });
    },
  });
}
