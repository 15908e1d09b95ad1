import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { ESTABLISHMENT_SORTS, type EstablishmentSort } from '../../../../shared/schemas/establishment.schema';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';

export type StatusFilter = 'active' | 'inactive' | 'blocked';
const STATUSES: StatusFilter[] = ['active', 'inactive', 'blocked'];

/**
 * Search text, status filter, order and page of an establishment list, kept in the address (?q=&status=&sort=&page=&size=)
 * so the back button and a shared link return to the same view. The search box writes to the address once
 * typing pauses.
 */
export function useListParams(defaultPageSize: number, pageSizes: number[] = [defaultPageSize]) {
  const [params, update] = useUpdateSearchParams();
  const navigation = useNavigation();
  const urlQ = params.get('q') ?? '';
  const [search, setSearch] = useState(urlQ);
  const q = useDebouncedValue(search.trim());
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('size'));
  const pageSize = pageSizes.includes(size) ? size : defaultPageSize;
  const rawStatus = params.get('status') as StatusFilter | null;
  const status = rawStatus && STATUSES.includes(rawStatus) ? rawStatus : undefined;
  const rawSort = params.get('sort') as EstablishmentSort | null;
  const sort: EstablishmentSort = rawSort && ESTABLISHMENT_SORTS.includes(rawSort) ? rawSort : 'newest';

  // A new search starts from the first page. While the user is already leaving (a link clicked during
  // the pause, its page still loading), writing the address would cancel that navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text writes the address
  useEffect(() => {
    if (q !== urlQ && navigation.state === 'idle') update({ q, page: undefined });
  }, [q]);

  return {
    search,
    setSearch,
    /** The settled search text, as sent to the server. */
    q: urlQ,
    page,
    pageSize,
    status,
    sort,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
    setPageSize: (next: number) =>
      update({ size: next === defaultPageSize ? undefined : String(next), page: undefined }),
    setStatus: (next: StatusFilter | undefined) => update({ status: next, page: undefined }),
    setSort: (next: EstablishmentSort) =>
      update({ sort: next === 'newest' ? undefined : next, page: undefined }),
  };
}
