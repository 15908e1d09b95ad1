import { useQuery } from '@tanstack/react-query';
import * as contracts from '../../shared/contracts/account.contracts';
import { callApi } from './call-api';

/** The server's public configuration (support email, Android app and public addresses); fetched once. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => callApi(contracts.getPublicConfig, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
