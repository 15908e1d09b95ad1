import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCurrentUser } from '../../../../shared/contracts/account.contracts';
import * as contracts from '../../../../shared/contracts/establishments.contracts';
import type { VisitSource } from '../../../../shared/schemas/report-sources';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';

/** getPublicEstablishment: the public page (a signed-in caller also learns if they follow). */
export function usePublicEstablishment(publicId: string | undefined) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...establishmentKeys.public(publicId ?? ''), user?.id ?? 'guest'],
    queryFn: ({ signal }) =>
      callApi(contracts.getPublicEstablishment, { params: { id: publicId ?? '' } }, { signal }).then(
        (r) => r.establishment,
      ),
    enabled: Boolean(publicId),
    retry: false,
    // When the session settles (guest -> signed in) the key changes: keep showing the same page meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (publicId ?? '') ? previous : undefined,
  });
}

/**
 * followEstablishment (with where the visit came from, for the funnel) or unfollowEstablishment; the
 * session user is re-read so menus and /redirect follow.
 */
export function useFollow(idOrPublicId: string, source?: VisitSource) {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? callApi(contracts.followEstablishment, {
            params: { id: idOrPublicId },
            ...(source ? { body: { source } } : {}),
          })
        : callApi(contracts.unfollowEstablishment, { params: { id: idOrPublicId } }),
    onSuccess: async () => {
      const { user } = await callApi(getCurrentUser, {});
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: establishmentKeys.all });
    },
  });
}
