import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as contracts from '../../../../shared/contracts/management.contracts';
import type { UserListQuerySchema } from '../../../../shared/schemas/user-management.schema';
import { callApi } from '../../../lib/call-api';

export type PeopleQuery = z.input<typeof UserListQuerySchema>;

export const peopleKeys = {
  all: ['people'] as const,
  list: (query: PeopleQuery) => [...peopleKeys.all, 'list', query] as const,
};

/** listUsers: one page of people (admin), by search, filters, order and cursor. */
export function usePeople(query: PeopleQuery) {
  return useQuery({
    queryKey: peopleKeys.list(query),
    queryFn: ({ signal }) => callApi(contracts.listUsers, { query }, { signal }),
    // The previous page stays on screen while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
}
