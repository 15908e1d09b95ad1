import { Card, Divider } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/permissions';
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { EmptyText } from '../../../components/link-table';
import { usePeople } from '../api/people.api';
import { PeopleFilters } from './people-filters';
import { PeopleTable } from './people-table';
import { useCursorPages, usePeopleParams } from './use-people-params';

const PAGE_SIZES = [10, 25, 50, 100];

interface Props {
  /** Only people of this role; when absent, every role with a role filter. */
  userRole?: Role;
  /** Label of the establishment filter (default "Follows establishment"). */
  establishmentLabel?: string;
  /** Accessible name of the table. */
  label: string;
  hrefOf: (person: ManagedUser) => string;
  empty: { title: string; hint: string };
  /** Buttons beside the search that act on the listed people, given the list's filters (e.g. an export). */
  actions?: (filters: PeopleFiltersQuery) => ReactNode;
}

/** The list's search, filters and order, as the API takes them. */
export type PeopleFiltersQuery = Record<string, string | undefined>;

/** A searchable, filtered people list paged by cursor: the customers, users and clients screens. */
export function PeopleList({ userRole, establishmentLabel, label, hrefOf, empty, actions }: Props) {
  const { t } = useTranslation();
  const list = usePeopleParams();
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1]!);
  const filters = {
    role: userRole ?? list.role,
    search: list.q || undefined,
    verified: list.verified === undefined ? undefined : list.verified === 'verified' ? 'true' : 'false',
    establishmentId: list.establishmentId,
    createdFrom: list.from || undefined,
    // An end before the start is said beside the field; the list keeps the range it had.
    createdTo: list.datesBackwards ? undefined : list.to || undefined,
    sort: list.sort,
  } as const;
  const query = { ...filters, limit: pageSize } as const;
  const pages = useCursorPages(JSON.stringify(query));
  const { data, isPending, error } = usePeople({ ...query, cursor: pages.cursor });

  return (
    <Card>
      <PeopleFilters
        list={list}
        withRole={!userRole}
        establishmentLabel={establishmentLabel}
        actions={actions?.(filters)}
      />
      <Divider />
      <PeopleTable
        items={data?.items}
        loading={isPending}
        error={error}
        hrefOf={hrefOf}
        label={label}
        showRole={!userRole}
        emptyText={
          list.filtered ? (
            <EmptyText title={t('people.noMatch')} hint={t('people.noMatchHint')} />
          ) : (
            <EmptyText title={empty.title} hint={empty.hint} />
          )
        }
        paging={{
          index: pages.index,
          pageSize,
          total: data?.total ?? 0,
          hasNext: Boolean(data?.nextCursor),
          onNext: () => data?.nextCursor && pages.next(data.nextCursor),
          onPrevious: pages.previous,
          onPageSizeChange: setPageSize,
          pageSizeOptions: PAGE_SIZES,
        }}
      />
    </Card>
  );
}
