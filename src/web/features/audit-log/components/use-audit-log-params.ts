import { type AuditAction, isAuditAction } from '../../../../shared/audit-actions';
import type { AuditLogFilters } from '../../../lib/api/audit-log-keys';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first instant of a local day (the admin's own midnight), as the server's `from` takes it. */
export function localDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
}

/** The last instant of a local day, to the microsecond the log stores: the server's `to` includes it. */
export function localDayEnd(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  // The next local midnight less a millisecond is always "…59.999Z": three more nines reach the microsecond.
  return new Date(new Date(y!, m! - 1, d! + 1).getTime() - 1).toISOString().replace('Z', '999Z');
}

/**
 * The log's filters, kept in the address (?action=a,b&actor=&establishment=&from=&to=) so the back
 * button and a shared link return to the same view. Dates are the admin's local days. A value the
 * address holds but the log does not know (a made-up action, a malformed id) is ignored.
 */
export function useAuditLogParams() {
  const [params, update] = useUpdateSearchParams();
  const actions = (params.get('action') ?? '').split(',').filter(isAuditAction);
  const idParam = (key: string) => {
    const value = params.get(key) ?? '';
    return UUID.test(value) ? value : undefined;
  };
  const dateParam = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  const actorId = idParam('actor');
  const establishmentId = idParam('establishment');
  const from = dateParam('from');
  const to = dateParam('to');
  const datesBackwards = Boolean(from && to && to < from);

  const filters: AuditLogFilters = {
    action: actions.length ? actions.join(',') : undefined,
    actorId,
    establishmentId,
    // An end before the start is not sent (the server would refuse it): the end field says why.
    from: from ? localDayStart(from) : undefined,
    to: to && !datesBackwards ? localDayEnd(to) : undefined,
  };

  return {
    actions,
    setActions: (next: AuditAction[]) => update({ action: next.join(',') }),
    actorId,
    setActorId: (next: string | undefined) => update({ actor: next }),
    establishmentId,
    setEstablishmentId: (next: string | undefined) => update({ establishment: next }),
    from,
    to,
    setDates: (dates: { from?: string; to?: string }) => update(dates),
    datesBackwards,
    filters,
    filtered: Boolean(actions.length || actorId || establishmentId || from || to),
    clear: () =>
      update({
        action: undefined,
        actor: undefined,
        establishment: undefined,
        from: undefined,
        to: undefined,
      }),
  };
}
