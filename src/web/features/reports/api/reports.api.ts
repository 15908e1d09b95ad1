import { useQuery } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/reports.contracts';
import type { PushHealthQuery } from '../../../../shared/schemas/push-health.schema';
import type { DashboardQuery, FunnelQuery } from '../../../../shared/schemas/report.schema';
import { ApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';

export const reportKeys = {
  all: ['reports'] as const,
  dashboard: (query: DashboardQuery) => [...reportKeys.all, 'dashboard', query] as const,
  funnel: (query: FunnelQuery) => [...reportKeys.all, 'funnel', query] as const,
  pushHealth: (query: PushHealthQuery) => [...reportKeys.all, 'pushHealth', query] as const,
};

/**
 * While another range of the same scope loads, the last answer stays on screen (no flash of
 * skeletons); another scope's figures never stand in for this one's.
 */
const keepSameScope =
  (establishmentId: string | undefined) =>
  <T>(previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) =>
    (previousQuery?.queryKey[2] as { establishmentId?: string } | undefined)?.establishmentId ===
    establishmentId
      ? previous
      : undefined;

// Bad input, not allowed and not found are answers, not hiccups: show them at once instead of retrying.
const retryHiccups = (failures: number, error: Error) =>
  !(error instanceof ApiError && [400, 403, 404].includes(error.status)) && failures < 1;

/**
 * getDashboard: the four periods of a scope (an establishment, or the platform without one), and
 * the chart's series over `from`..`to` (the last 30 days without them). `enabled: false` waits.
 */
export function useDashboard(query: DashboardQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reportKeys.dashboard(query),
    queryFn: ({ signal }) => callApi(contracts.getDashboard, { query }, { signal }),
    enabled,
    placeholderData: keepSameScope(query.establishmentId),
    retry: retryHiccups,
  });
}

/** getFunnel: page views -> followers -> verified -> push devices by visit source over a range. */
export function useFunnel(query: FunnelQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reportKeys.funnel(query),
    queryFn: ({ signal }) => callApi(contracts.getFunnel, { query }, { signal }),
    enabled,
    placeholderData: keepSameScope(query.establishmentId),
    retry: retryHiccups,
  });
}

/** getPushHealth: the share of a scope's pushes opened over 30 days, and its devices lost per week. */
export function usePushHealth(query: PushHealthQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reportKeys.pushHealth(query),
    queryFn: ({ signal }) => callApi(contracts.getPushHealth, { query }, { signal }),
    enabled,
    placeholderData: keepSameScope(query.establishmentId),
    retry: retryHiccups,
  });
}
