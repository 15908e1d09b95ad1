import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { columnsOf, DataTable } from '../../../components/data-table';
import { LinkListItem, ListBody, NameLink, TablePager } from '../../../components/link-table';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { PersonAvatar, VerifiedChip } from './person-chips';

export interface CursorPaging {
  /** Zero-based page index. */
  index: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
  onNext: () => void;
  onPrevious: () => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizeOptions: number[];
}

interface Props {
  items: ManagedUser[] | undefined;
  loading: boolean;
  error: unknown;
  hrefOf: (person: ManagedUser) => string;
  /** Accessible name of the table. */
  label: string;
  emptyText: ReactNode;
  paging: CursorPaging;
  /** A role column (lists of every role). */
  showRole?: boolean;
}

const SKELETON_ROWS = 6;
/** A person's name as listed; a follower without an account has none and is said so. */
export function usePersonName(): (person: Pick<ManagedUser, 'firstName' | 'lastName' | 'guest'>) => string {
  const { t } = useTranslation();
  return (person) =>
    person.guest ? t('establishmentPage.members.guest') : `${person.firstName} ${person.lastName}`;
}

/**
 * People as a table on wide screens and as a list on phones, paged by cursor. Each row's name is a
 * real link, so the list works from the keyboard; a click anywhere on a row opens it too.
 */
export function PeopleTable({ items, loading, error, hrefOf, label, emptyText, paging, showRole }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const fullName = usePersonName();
  const columns = columnsOf<ManagedUser>(
    {
      key: 'name',
      header: t('people.name'),
      cell: (person) => (
        <NameLink
          picture={<PersonAvatar person={person} size={36} />}
          href={hrefOf(person)}
          name={fullName(person)}
        />
      ),
    },
    {
      key: 'email',
      header: t('people.email'),
      cellProps: { sx: { wordBreak: 'break-all' } },
      cell: (person) => person.email,
    },
    {
      key: 'phone',
      header: t('people.phone'),
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (person) => person.phone,
    },
    showRole && {
      key: 'role',
      header: t('people.role'),
      cell: (person) => t(`accountPage.roles.${person.role}`),
    },
    { key: 'emailState', header: t('people.emailState'), cell: (person) => <VerifiedChip person={person} /> },
    {
      key: 'created',
      header: t('people.created'),
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (person) => format.date(person.createdAt),
    },
  );
  return (
    <ListBody error={error} empty={!loading && items?.length === 0} emptyText={emptyText}>
      <DataTable
        items={items}
        keyOf={(person) => person.id}
        label={label}
        columns={columns}
        hrefOf={hrefOf}
        minWidth={720}
        phoneListSx={{ py: 0.5 }}
        skeleton={{ rows: SKELETON_ROWS, picture: 'circular' }}
        phoneItem={(person) => (
          <LinkListItem
            href={hrefOf(person)}
            picture={<PersonAvatar person={person} size={40} />}
            primary={fullName(person)}
            secondary={person.email}
            breakSecondary
            end={<VerifiedChip person={person} />}
          />
        )}
      />
      {paging.total > 0 && (
        <TablePager
          total={paging.total}
          page={paging.index}
          pageSize={paging.pageSize}
          pageSizeOptions={paging.pageSizeOptions}
          onPageChange={(page) => (page > paging.index ? paging.onNext() : paging.onPrevious())}
          onPageSizeChange={paging.onPageSizeChange}
          nextDisabled={!paging.hasNext}
        />
      )}
    </ListBody>
  );
}
