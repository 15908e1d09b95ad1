import type { z } from 'zod';
import type { UserListQuerySchema } from '../../../shared/schemas/user-management.schema';

/** The search, filters, order and cursor a list of people is asked for with. */
export type PeopleQuery = z.input<typeof UserListQuerySchema>;

/** TanStack Query keys of people (admin); here because the admin actions refresh them too. */
export const peopleKeys = {
  all: ['people'] as const,
  list: (query: PeopleQuery) => [...peopleKeys.all, 'list', query] as const,
  one: (id: string) => [...peopleKeys.all, 'one', id] as const,
};
