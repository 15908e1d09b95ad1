import { useEstablishments } from '../../lib/api/establishments.api';

/** Whose figures the dashboard shows, decided from the address and the caller's establishments. */
export type ReportScope =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** Nothing to report on: no establishment they manage, and not the platform. */
  | { status: 'none' }
  /** establishmentId undefined: the whole platform. */
  | { status: 'ready'; establishmentId: string | undefined; choices: boolean };

/**
 * The scope of the dashboard: the establishment in the address if any; else the whole platform for
 * who may see it (admins), else the first establishment of the caller's list (a representative's
 * registered ones, a client's operated ones: the list answers by role). A picker is worth showing
 * when there is more than one choice.
 */
export function useReportScope(chosen: string | undefined, platform: boolean): ReportScope {
  // Two items tell "one" from "several"; the first is the default.
  const list = useEstablishments({ pageSize: 2 });
  if (platform) return { status: 'ready', establishmentId: chosen, choices: true };
  if (list.isPending) return { status: 'loading' };
  if (list.isError) return { status: 'error', error: list.error, retry: () => void list.refetch() };
  const first = list.data.items[0];
  if (!first) return { status: 'none' };
  return { status: 'ready', establishmentId: chosen ?? first.id, choices: list.data.total > 1 };
}
