import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/schemas/account.schema';
import { api } from './api-client';

/** The server's public configuration (support email, Android app and public addresses); fetched once. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
