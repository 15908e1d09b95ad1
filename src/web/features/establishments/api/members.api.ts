import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../../shared/contracts/contract';
import * as contracts from '../../../../shared/contracts/establishments.contracts';
import type { AddMemberBody } from '../../../../shared/schemas/establishment.schema';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';

/** Clients and followers of an establishment, with their counts. */
export type MemberList = ResponseOf<typeof contracts.listEstablishmentMembers>;

/** listEstablishmentMembers: clients and followers (admins, operators, registrar). */
export function useMembers(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: establishmentKeys.members(id ?? ''),
    queryFn: ({ signal }) =>
      callApi(contracts.listEstablishmentMembers, { params: { id: id ?? '' } }, { signal }),
    enabled: Boolean(id) && enabled,
  });
}

/** addEstablishmentMember (admin): add an existing user as client or follower. */
export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ establishmentId, ...body }: AddMemberBody & { establishmentId: string }) =>
      callApi(contracts.addEstablishmentMember, { params: { id: establishmentId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all }),
  });
}

/** removeEstablishmentMember (admin). */
export function useRemoveMember(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(contracts.removeEstablishmentMember, { params: { id: establishmentId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all }),
  });
}
