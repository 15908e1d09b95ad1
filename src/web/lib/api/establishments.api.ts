import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { ErrorCode } from '../../../shared/error-codes';
import { Msg } from '../../../shared/messages';
import type {
  ClientSignupBody,
  Establishment,
  EstablishmentFields,
  EstablishmentSort,
} from '../../../shared/schemas/establishment.schema';
import { ApiError } from '../api-client';
import { callApi } from '../call-api';
import { establishmentKeys } from './establishment-keys';

export interface EstablishmentListQuery {
  q?: string;
  status?: 'active' | 'inactive' | 'blocked';
  /** Newest first unless said. */
  sort?: EstablishmentSort;
  page?: number;
  pageSize?: number;
}

/** listEstablishments: the caller's establishments, a page at a time. */
export function useEstablishments(query: EstablishmentListQuery = {}) {
  return useQuery({
    queryKey: establishmentKeys.list(query),
    queryFn: ({ signal }) => callApi(contracts.listEstablishments, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const oneEstablishment = (id: string | undefined) => ({
  queryKey: establishmentKeys.one(id ?? ''),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi(contracts.getEstablishment, { params: { id: id ?? '' } }, { signal }).then(
      (r) => r.establishment,
    ),
  enabled: Boolean(id),
  // Not allowed and not found are answers, not hiccups: show them at once instead of retrying.
  retry: (failures: number, error: Error) =>
    !(error instanceof ApiError && (error.status === 403 || error.status === 404)) && failures < 1,
});

/** getEstablishment: the operator view for those who manage it, the follower view for followers. */
export function useEstablishment(id: string | undefined) {
  return useQuery(oneEstablishment(id));
}

/** getEstablishment on screens only its operators reach (admin): anything else is not allowed. */
export function useManagedEstablishment(id: string | undefined) {
  return useQuery({
    ...oneEstablishment(id),
    select: (view): Establishment => {
      if (view.audience !== 'operator') throw new ApiError(403, ErrorCode.FORBIDDEN, Msg.forbidden);
      return view;
    },
  });
}

/** Invalidate every establishments query after a change. */
function useInvalidateEstablishments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all });
}

/** createEstablishment (admin): "Establishment created!". */
export function useCreateEstablishment() {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (body: EstablishmentFields) => callApi(contracts.createEstablishment, { body }),
    onSuccess: invalidate,
  });
}

/** updateEstablishment: "Establishment updated". */
export function useUpdateEstablishment(id: string) {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (body: EstablishmentFields) =>
      callApi(contracts.updateEstablishment, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** createClientWithEstablishment (representative): "Client and Establishment created!". */
export function useClientSignup() {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (body: ClientSignupBody) => callApi(contracts.createClientWithEstablishment, { body }),
    onSuccess: invalidate,
  });
}

/** blockEstablishment or unblockEstablishment (admin). */
export function useSetBlocked(id: string) {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      callApi(blocked ? contracts.blockEstablishment : contracts.unblockEstablishment, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** deleteEstablishment (admin); cannot be undone. */
export function useDeleteEstablishment(id: string) {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: () => callApi(contracts.deleteEstablishment, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** uploadEstablishmentLogo or uploadEstablishmentCover: a picture upload. */
export function useUploadEstablishmentPicture(id: string, which: 'logo' | 'cover') {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const contract =
        which === 'logo' ? contracts.uploadEstablishmentLogo : contracts.uploadEstablishmentCover;
      return callApi(contract, { params: { id } }, { form });
    },
    onSuccess: invalidate,
  });
}
