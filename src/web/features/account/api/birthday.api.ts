import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/birthday.contracts';
import type { BirthdayBody } from '../../../../shared/schemas/birthday.schema';
import { callApi } from '../../../lib/call-api';

/** The query key of the signed-in user's birthday. */
export const birthdayKey = ['account', 'birthday'] as const;

/** getBirthday: the signed-in user's birthday (day and month), null when they gave none. */
export function useBirthday(enabled = true) {
  return useQuery({
    queryKey: birthdayKey,
    queryFn: ({ signal }) => callApi(contracts.getBirthday, {}, { signal }),
    enabled,
  });
}

/** setBirthday: give or change it, agreeing to birthday messages; the answer is the saved birthday. */
export function useSetBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BirthdayBody) => callApi(contracts.setBirthday, { body }),
    onSuccess: ({ birthday }) => queryClient.setQueryData(birthdayKey, { birthday }),
  });
}

/** deleteBirthday: delete it and withdraw the consent; the answer holds no birthday. */
export function useDeleteBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(contracts.deleteBirthday, {}),
    onSuccess: ({ birthday }) => queryClient.setQueryData(birthdayKey, { birthday }),
  });
}
