import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/sign-in-provider.contracts';
import { callApi } from '../../../lib/call-api';

const keys = {
  all: ['management', 'sign-in-provider'] as const,
  settings: ['management', 'sign-in-provider', 'settings'] as const,
  identities: ['management', 'sign-in-provider', 'identities'] as const,
};

/** Whether a provider is configured, and who may get an account at a first sign-in. */
export function useProviderSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => callApi(contracts.getProviderSettings, {}, { signal }),
  });
}

export function useSaveProviderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { allowCreate: boolean; createRole: 'client' | 'representant' }) =>
      callApi(contracts.updateProviderSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(keys.settings, saved),
  });
}

/** The provider users linked to accounts. */
export function useProviderIdentities(enabled: boolean) {
  return useQuery({
    queryKey: keys.identities,
    queryFn: ({ signal }) => callApi(contracts.listProviderIdentities, {}, { signal }),
    enabled,
  });
}

/** Turn a linked user's sign-in off or on, or unlink it. */
export function useChangeProviderIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { disabled: boolean } | 'remove' }) =>
      change === 'remove'
        ? callApi(contracts.removeProviderIdentity, { params: { id } })
        : callApi(contracts.updateProviderIdentity, { params: { id }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.identities }),
  });
}
