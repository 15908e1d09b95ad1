import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientSignupBody,
  Establishment,
  EstablishmentFields,
  EstablishmentList,
} from '../../../../shared/schemas/establishment.schema';
import { ApiError, api } from '../../../lib/api-client';
import { establishmentKeys } from './establishment-keys';

export interface EstablishmentListQuery {
  q?: string;
  status?: 'active' | 'inactive' | 'blocked';
  page?: number;
  pageSize?: number;
}

interface EstablishmentResult {
  establishment: Establishment;
  message?: string;
}

const toSearch = (query: EstablishmentListQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** GET /api/establishments: the caller's establishments, a page at a time. */
export function useEstablishments(query: EstablishmentListQuery = {}) {
  return useQuery({
    queryKey: establishmentKeys.list(query),
    queryFn: ({ signal }) => api<EstablishmentList>(`/api/establishments${toSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/establishments/{id}. */
export function useEstablishment(id: string | undefined) {
  return useQuery({
    queryKey: establishmentKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api<EstablishmentResult>(`/api/establishments/${id}`, { signal }).then((r) => r.establishment),
    enabled: Boolean(id),
    // Not allowed and not found are answers, not hiccups: show them at once instead of retrying.
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 403 || error.status === 404)) && failures < 1,
  });
}

/** Invalidate every establishments query after a change. */
function useInvalidateEstablishments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: establishmentKeys.all });
}

/** POST /api/establishments (admin): "Establishment created!". */
export function useCreateEstablishment() {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (body: EstablishmentFields) =>
      api<EstablishmentResult>('/api/establishments', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** PUT /api/establishments/{id}: "Establishment updated". */
export function useUpdateEstablishment(id: string) {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (body: EstablishmentFields) =>
      api<EstablishmentResult>(`/api/establishments/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** POST /api/establishments/client-signup (representative): "Client and Establishment created!". */
export function useClientSignup() {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (body: ClientSignupBody) =>
      api<EstablishmentResult & { clientId: string }>('/api/establishments/client-signup', {
        method: 'POST',
        body,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/establishments/{id}/block or /unblock (admin). */
export function useSetBlocked(id: string) {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      api<EstablishmentResult>(`/api/establishments/${id}/${blocked ? 'block' : 'unblock'}`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/establishments/{id} (admin); cannot be undone. */
export function useDeleteEstablishment(id: string) {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: () => api<{ message: string }>(`/api/establishments/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /api/establishments/{id}/logo or /cover: a picture upload. */
export function useUploadEstablishmentPicture(id: string, which: 'logo' | 'cover') {
  const invalidate = useInvalidateEstablishments();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<EstablishmentResult>(`/api/establishments/${id}/${which}`, { method: 'POST', form });
    },
    onSuccess: invalidate,
  });
}
