import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/business-voice.contracts';
import type { InvitationBody } from '../../../../shared/schemas/business-voice.schema';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { callApi } from '../../../lib/call-api';

const invitationsKey = (establishmentId: string) =>
  [...establishmentKeys.members(establishmentId), 'invitations'] as const;

/** The establishment's open invitations to operate it (who manages it). */
export function useOperatorInvitations(establishmentId: string) {
  return useQuery({
    queryKey: invitationsKey(establishmentId),
    queryFn: ({ signal }) =>
      callApi(contracts.listOperatorInvitations, { params: { id: establishmentId } }, { signal }),
  });
}

/** Invite a colleague by email; the answer is the open invitations. */
export function useInviteOperator(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) =>
      callApi(contracts.inviteOperator, { params: { id: establishmentId }, body }),
    onSuccess: (answer) => queryClient.setQueryData(invitationsKey(establishmentId), { items: answer.items }),
  });
}

/** Withdraw an open invitation. */
export function useWithdrawInvitation(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      callApi(contracts.withdrawOperatorInvitation, { params: { id: establishmentId, invitationId } }),
    onSuccess: (answer) => queryClient.setQueryData(invitationsKey(establishmentId), { items: answer.items }),
  });
}

/** What an invitation's link offers (anyone holding it). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => callApi(contracts.previewOperatorInvitation, { body: { token } }, { signal }),
    retry: false,
  });
}

/** Accept the invitation as the signed-in user; their memberships change, so everything is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(contracts.acceptOperatorInvitation, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
