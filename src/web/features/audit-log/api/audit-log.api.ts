import { useInfiniteQuery } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/management.contracts';
import { auditLogKeys } from '../../../lib/api/audit-log-keys';
import { callApi } from '../../../lib/call-api';

/** listAuditLog: the admin actions, newest first, a page at a time ("Load more" asks for the next cursor). */
export function useAuditLog({ targetUserId, limit = 50 }: { targetUserId?: string; limit?: number } = {}) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.list(targetUserId, limit),
    queryFn: ({ pageParam, signal }) =>
      callApi(contracts.listAuditLog, { query: { targetUserId, cursor: pageParam, limit } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
