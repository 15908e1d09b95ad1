import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { columnsOf, type DataColumn, DataTable } from '../../../components/data-table';
import { LinkListItem, ListBody, NameLink, TablePager } from '../../../components/link-table';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { EstablishmentAvatar } from './establishment-avatar';
import { EstablishmentStatusChip } from './establishment-status-chip';
import { useFollowersText } from './followers-text';

export interface TablePaging {
  /** Zero-based, as TablePagination counts. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: number[];
}

interface Props {
  /** Lists of admins and representatives hold operator views; counts of clients and dates come from those. */
  items: EstablishmentView[] | undefined;
  loading: boolean;
  /** The query's error when the list could not be loaded (null otherwise): shown instead of the rows. */
  error?: unknown;
  /** Where a row leads. */
  hrefOf: (establishment: EstablishmentView) => string;
  /** Accessible name of the table. */
  label: string;
  emptyText: ReactNode;
  showClients?: boolean;
  paging?: TablePaging;
}

const SKELETON_ROWS = 5;

/**
 * Establishments as a table with server paging on wide screens and as a list on phones, where
 * six columns do not fit. Each row is a real link, so it works from the keyboard.
 */
export function EstablishmentTable({
  items,
  loading,
  error,
  hrefOf,
  label,
  emptyText,
  showClients,
  paging,
}: Props) {
  const columns = useColumns(hrefOf, showClients);
  const followersText = useFollowersText();
  return (
    <ListBody error={error} empty={!loading && items?.length === 0} emptyText={emptyText}>
      <DataTable
        // Placeholders only while it loads: without an answer and not loading, the table stays empty.
        items={items ?? (loading ? undefined : [])}
        keyOf={(establishment) => establishment.id}
        label={label}
        columns={columns}
        hrefOf={hrefOf}
        minWidth={640}
        phoneListSx={{ py: 0.5 }}
        skeleton={{ rows: SKELETON_ROWS, picture: 'rounded' }}
        phoneItem={(establishment) => {
          const followers = followersText(establishment);
          return (
            <LinkListItem
              href={hrefOf(establishment)}
              picture={<EstablishmentAvatar establishment={establishment} />}
              primary={establishment.name}
              secondary={establishment.city ? `${establishment.city} · ${followers}` : followers}
              end={<EstablishmentStatusChip status={establishment.status} />}
            />
          );
        }}
      />
      {paging && paging.total > 0 && (
        <TablePager
          total={paging.total}
          page={paging.page}
          pageSize={paging.pageSize}
          pageSizeOptions={paging.pageSizeOptions ?? [10, 25, 50]}
          onPageChange={paging.onPageChange}
          onPageSizeChange={paging.onPageSizeChange}
        />
      )}
    </ListBody>
  );
}

/** The wide table's columns: followers and those waiting for email confirmation; clients only in lists that count them. */
function useColumns(
  hrefOf: Props['hrefOf'],
  showClients: boolean | undefined,
): DataColumn<EstablishmentView>[] {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return columnsOf<EstablishmentView>(
    {
      key: 'name',
      header: t('management.table.name'),
      cell: (establishment) => (
        <NameLink
          picture={<EstablishmentAvatar establishment={establishment} size={36} />}
          href={hrefOf(establishment)}
          name={establishment.name}
        />
      ),
    },
    { key: 'city', header: t('management.table.city'), cell: (establishment) => establishment.city },
    {
      key: 'status',
      header: t('management.table.status'),
      cell: (establishment) => <EstablishmentStatusChip status={establishment.status} />,
    },
    {
      key: 'followers',
      header: t('management.table.followers'),
      align: 'right',
      cell: (establishment) => format.number(establishment.followerCount),
    },
    // Who followed and has not confirmed their email yet: not among the followers.
    {
      key: 'waiting',
      header: t('management.table.waiting'),
      align: 'right',
      cell: (establishment) =>
        establishment.audience === 'operator' ? format.number(establishment.waitingCount) : null,
    },
    showClients && {
      key: 'clients',
      header: t('management.table.clients'),
      align: 'right',
      cell: (establishment) => (establishment.audience === 'operator' ? establishment.clientCount : null),
    },
    {
      key: 'created',
      header: t('management.table.created'),
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (establishment) =>
        establishment.audience === 'operator' ? format.date(establishment.createdAt) : null,
    },
  );
}
