import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { ROLES, type Role } from '../../../../shared/permissions';
import { USER_SORTS, type UserSort } from '../../../../shared/schemas/user-management.schema';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

export type VerifiedFilter = 'verified' | 'unverified';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A people list's search, filters and order, kept in the address (?q=&role=&verified=&from=&to=&sort=&establishment=)
 * so the back button and a shared link return to the same view. The search box writes to the address
 * once typing pauses. Pages are cursors the list keeps itself: a new search or filter starts over.
 */
export function usePeopleParams() {
  const [params, update] = useUpdateSearchParams();
  const navigation = useNavigation();
  const urlQ = params.get('q') ?? '';
  const [search, setSearch] = useState(urlQ);
  const q = useDebouncedValue(search.trim());
  const rawVerified = params.get('verified');
  const verified: VerifiedFilter | undefined =
    rawVerified === 'verified' || rawVerified === 'unverified' ? rawVerified : undefined;
  const rawRole = params.get('role') as Role | null;
  const role = rawRole && ROLES.includes(rawRole) ? rawRole : undefined;
  const rawSort = params.get('sort') as UserSort | null;
  const sort: UserSort = rawSort && USER_SORTS.includes(rawSort) ? rawSort : 'newest';
  const dateParam = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  const from = dateParam('from');
  const to = dateParam('to');

  // While the user is already leaving (a row clicked during the pause), writing the address would
  // cancel that navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text writes the address
  useEffect(() => {
    if (q !== urlQ && navigation.state === 'idle') update({ q });
  }, [q]);

  return {
    search,
    setSearch,
    /** The settled search text, as sent to the server. */
    q: urlQ,
    role,
    setRole: (next: Role | undefined) => update({ role: next }),
    verified,
    setVerified: (next: VerifiedFilter | undefined) => update({ verified: next }),
    sort,
    setSort: (next: UserSort) => update({ sort: next === 'newest' ? undefined : next }),
    from,
    to,
    setDates: (dates: { from?: string; to?: string }) => update(dates),
    /** An end before the start: the list keeps its last answer and the field says why. */
    datesBackwards: Boolean(from && to && to < from),
    establishmentId: params.get('establishment') ?? undefined,
    setEstablishmentId: (next: string | undefined) => update({ establishment: next }),
    filtered: Boolean(urlQ || role || verified || from || to || params.get('establishment')),
  };
}

/**
 * Cursor paging: the cursors of the pages seen so far, so "previous" goes back without the server
 * counting offsets. Any change of `resetKey` (a filter, the order, the page size) starts over.
 */
export function useCursorPages(resetKey: string) {
  const [pages, setPages] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: resetKey,
    cursors: [undefined],
  });
  const cursors = pages.key === resetKey ? pages.cursors : [undefined];
  return {
    /** Zero-based page index. */
    index: cursors.length - 1,
    cursor: cursors.at(-1),
    next: (nextCursor: string) => setPages({ key: resetKey, cursors: [...cursors, nextCursor] }),
    previous: () => setPages({ key: resetKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}
