import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddMemberBody, Member } from '../../../../shared/schemas/establishment.schema';
import { api } from '../../../lib/api-client';
import { establishmentKeys } from './establishment-keys';

export interface MemberList {
  items: Member[];
  followerCount: number;
  clientCount: number;
}

/** GET /api/establishments/{id}/members: clients and followers (admins, operators, registrar). */
export function useMembers(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: establishmentKeys.members(id ?? ''),
    queryFn: ({ signal }) => api<MemberList>(`/api/establishments/${id}/members`, { signal }),
    enabled: Boolean(id) && enabled,
  });
}

/** POST /api/establishments/{id}/members (admin): add an existing user as client or follower. */
export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ establishmentId, ...body }: AddMemberBody & { establishmentId: string }) =>
      api<MemberList & { message: string }>(`/api/establishments/${establishmentId}/members`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all }),
  });
}

/** DELETE /api/establishments/{id}/members/{userId} (admin). */
export function useRemoveMember(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<MemberList>(`/api/establishments/${establishmentId}/members/${userId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all }),
  });
}
