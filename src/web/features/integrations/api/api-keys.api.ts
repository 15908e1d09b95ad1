import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/api-keys.contracts';
import type { ApiKey, ApiKeyList, CreateApiKeyBody } from '../../../../shared/schemas/api-key.schema';
import { callApi } from '../../../lib/call-api';

/** The query key of an establishment's API keys. */
export const apiKeysKey = (establishmentId: string) =>
  ['establishments', establishmentId, 'api-keys'] as const;

/** Put a key as the server answered it into the list (new ones first). */
const withKey = (list: ApiKeyList | undefined, key: ApiKey): ApiKeyList | undefined => {
  if (!list) return list;
  const known = list.items.some((item) => item.id === key.id);
  return {
    items: known ? list.items.map((item) => (item.id === key.id ? key : item)) : [key, ...list.items],
  };
};

/** listApiKeys: an establishment's keys, revoked ones too (never the keys themselves). */
export function useApiKeys(establishmentId: string) {
  return useQuery({
    queryKey: apiKeysKey(establishmentId),
    queryFn: ({ signal }) => callApi(contracts.listApiKeys, { params: { id: establishmentId } }, { signal }),
    // "Last used" moves while the till works: asked again on each visit.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** createApiKey: the answer holds the key, shown this once; the list takes the new key at once. */
export function useCreateApiKey(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      callApi(contracts.createApiKey, { params: { id: establishmentId }, body }),
    onSuccess: ({ apiKey }) =>
      queryClient.setQueryData<ApiKeyList>(apiKeysKey(establishmentId), (list) => withKey(list, apiKey)),
  });
}

/** revokeApiKey: the key stays in the list, marked revoked. */
export function useRevokeApiKey(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      callApi(contracts.revokeApiKey, { params: { id: establishmentId, keyId } }),
    onSuccess: ({ apiKey }) =>
      queryClient.setQueryData<ApiKeyList>(apiKeysKey(establishmentId), (list) => withKey(list, apiKey)),
    // Gone or changed meanwhile: the list is asked again, so it tells the truth.
    onError: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(establishmentId) }),
  });
}
