import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/drafts.contracts';
import type { CreateDraftBody, DraftKind } from '../../../../shared/schemas/draft.schema';
import { callApi } from '../../../lib/call-api';

/** Drafts and templates of the compose form. */
export const draftKeys = {
  all: ['drafts'] as const,
  list: (establishmentId: string, kind: DraftKind) => [...draftKeys.all, establishmentId, kind] as const,
};

/** GET /api/establishments/{id}/drafts?kind=: last changed first. */
export function useDrafts(establishmentId: string, kind: DraftKind) {
  return useQuery({
    queryKey: draftKeys.list(establishmentId, kind),
    queryFn: ({ signal }) =>
      callApi(contracts.listDrafts, { params: { id: establishmentId }, query: { kind } }, { signal }).then(
        (r) => r.items,
      ),
  });
}

/** POST /api/establishments/{id}/drafts */
export function useCreateDraft(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDraftBody) =>
      callApi(contracts.createDraft, { params: { id: establishmentId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.all }),
  });
}

/** DELETE /api/drafts/{id} */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contracts.deleteDraft, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: draftKeys.all }),
  });
}
