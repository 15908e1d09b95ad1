import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/management.contracts';
import type {
  CreateCustomerBody,
  CreateUserBody,
  UpdateUserBody,
} from '../../../../shared/schemas/user-management.schema';
import { type PeopleQuery, peopleKeys } from '../../../lib/api/people-keys';
import { ApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

/** listUsers: one page of people (admin), by search, filters, order and cursor. */
export function usePeople(query: PeopleQuery) {
  return useQuery({
    queryKey: peopleKeys.list(query),
    queryFn: ({ signal }) => callApi(contracts.listUsers, { query }, { signal }),
    // The previous page stays on screen while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
}

/** getUser: one person with their establishments, devices, preferences and last deliveries (admin). */
export function usePerson(id: string) {
  return useQuery({
    queryKey: peopleKeys.one(id),
    queryFn: ({ signal }) => callApi(contracts.getUser, { params: { id } }, { signal }).then((r) => r.user),
    enabled: Boolean(id),
    // Not allowed and not found are answers, not hiccups: show them at once instead of retrying.
    retry: (failures, error) =>
      !(error instanceof ApiError && [400, 403, 404].includes(error.status)) && failures < 1,
  });
}

/** Every people query is stale after a change: lists, the person, their audit entries. */
function useInvalidatePeople() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: peopleKeys.all });
}

/** createCustomer: a customer following an establishment; "User created!". */
export function useCreateCustomer() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: CreateCustomerBody) => callApi(contracts.createCustomer, { body }),
    onSuccess: invalidate,
  });
}

/** createUser: a user of any role; "User created!". */
export function useCreateUser() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: CreateUserBody) => callApi(contracts.createUser, { body }),
    onSuccess: invalidate,
  });
}

/** updateUser: "Customer updated" for a customer, "User updated!" for any other role. */
export function useUpdatePerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => callApi(contracts.updateUser, { params: { id }, body }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(peopleKeys.one(id), user);
      return queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    },
  });
}
