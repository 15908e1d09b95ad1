import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/account.schema';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { establishmentKeys } from './establishment-keys';

/** GET /api/public/establishments/{publicId}: the public page (a signed-in caller also learns if they follow). */
export function usePublicEstablishment(publicId: string | undefined) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...establishmentKeys.public(publicId ?? ''), user?.id ?? 'guest'],
    queryFn: ({ signal }) =>
      api<{ establishment: PublicEstablishment }>(`/api/public/establishments/${publicId}`, { signal }).then(
        (r) => r.establishment,
      ),
    enabled: Boolean(publicId),
    retry: false,
    // When the session settles (guest -> signed in) the key changes: keep showing the same page meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (publicId ?? '') ? previous : undefined,
  });
}

/** POST or DELETE /api/establishments/{id}/follow; the session user is re-read so menus and /redirect follow. */
export function useFollow(idOrPublicId: string) {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<{ following: boolean; message: string }>(`/api/establishments/${idOrPublicId}/follow`, {
        method: follow ? 'POST' : 'DELETE',
      }),
    onSuccess: async () => {
      const { user } = await api<{ user: User }>('/api/account/me');
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: establishmentKeys.all });
    },
  });
}
