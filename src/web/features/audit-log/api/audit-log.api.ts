import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/management.contracts';
import { type AuditLogFilters, auditLogKeys } from '../../../lib/api/audit-log-keys';
import { peopleKeys } from '../../../lib/api/people-keys';
import { callApi } from '../../../lib/call-api';

/** listAuditLog: the admin actions, newest first, filtered, a page at a time ("Load more" asks for the next cursor). */
export function useAuditLog({
  filters = {},
  limit = 50,
}: {
  filters?: AuditLogFilters;
  limit?: number;
} = {}) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.list(filters, limit),
    queryFn: ({ pageParam, signal }) =>
      callApi(contracts.listAuditLog, { query: { ...filters, cursor: pageParam, limit } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** listUsers by name or email: whom the log's "Done by" filter offers, 20 at a time. */
export function useActorChoices(search: string) {
  const query = { search: search || undefined, sort: 'name' as const, limit: 20 };
  return useQuery({
    queryKey: peopleKeys.list(query),
    queryFn: ({ signal }) => callApi(contracts.listUsers, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** getUser: the chosen actor's name when the filter came from a shared link (none for a deleted account). */
export function useActor(id: string | undefined) {
  return useQuery({
    queryKey: peopleKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      callApi(contracts.getUser, { params: { id: id ?? '' } }, { signal }).then((r) => r.user),
    enabled: Boolean(id),
    retry: false,
  });
}
