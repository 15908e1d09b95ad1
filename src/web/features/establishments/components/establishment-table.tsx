import {
  Box,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { LinkRow, ListBody, NameCell, SkeletonRows, TablePager } from '../../../components/link-table';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { EstablishmentAvatar } from './establishment-avatar';
import { EstablishmentStatusChip } from './establishment-status-chip';

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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <ListBody error={error} empty={!loading && items?.length === 0} emptyText={emptyText}>
      {phone ? (
        <PhoneList items={items} loading={loading} hrefOf={hrefOf} label={label} />
      ) : (
        <WideTable items={items} loading={loading} hrefOf={hrefOf} label={label} showClients={showClients} />
      )}
      {paging && paging.total > 0 && (
        <TablePager
          total={paging.total}
          page={paging.page}
          pageSize={paging.pageSize}
          pageSizeOptions={phone ? [] : (paging.pageSizeOptions ?? [10, 25, 50])}
          onPageChange={paging.onPageChange}
          onPageSizeChange={paging.onPageSizeChange}
        />
      )}
    </ListBody>
  );
}

function WideTable({
  items,
  loading,
  hrefOf,
  label,
  showClients,
}: Pick<Props, 'items' | 'loading' | 'hrefOf' | 'label' | 'showClients'>) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const columns = showClients ? 6 : 5;
  return (
    <TableContainer>
      <Table aria-label={label} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('management.table.name')}</TableCell>
            <TableCell>{t('management.table.city')}</TableCell>
            <TableCell>{t('management.table.status')}</TableCell>
            <TableCell align="right">{t('management.table.followers')}</TableCell>
            {showClients && <TableCell align="right">{t('management.table.clients')}</TableCell>}
            <TableCell>{t('management.table.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading && !items ? (
            <SkeletonRows rows={SKELETON_ROWS} columns={columns} />
          ) : (
            items?.map((establishment) => (
              <LinkRow key={establishment.id} href={hrefOf(establishment)}>
                <NameCell
                  picture={<EstablishmentAvatar establishment={establishment} size={36} />}
                  href={hrefOf(establishment)}
                  name={establishment.name}
                />
                <TableCell>{establishment.city}</TableCell>
                <TableCell>
                  <EstablishmentStatusChip status={establishment.status} />
                </TableCell>
                <TableCell align="right">{establishment.followerCount}</TableCell>
                {showClients && (
                  <TableCell align="right">
                    {establishment.audience === 'operator' ? establishment.clientCount : null}
                  </TableCell>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {establishment.audience === 'operator' ? format.date(establishment.createdAt) : null}
                </TableCell>
              </LinkRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PhoneList({ items, loading, hrefOf, label }: Pick<Props, 'items' | 'loading' | 'hrefOf' | 'label'>) {
  const { t } = useTranslation();
  if (loading && !items) return <ListSkeleton rows={SKELETON_ROWS} picture="rounded" />;
  return (
    <List aria-label={label} sx={{ py: 0.5 }}>
      {items?.map((establishment) => (
        <ListItem key={establishment.id} disablePadding sx={{ px: 0.5 }}>
          <ListItemButton component={RouterLink} to={hrefOf(establishment)} sx={{ gap: 1 }}>
            <ListItemAvatar sx={{ minWidth: 0, marginInlineEnd: 1 }}>
              <EstablishmentAvatar establishment={establishment} />
            </ListItemAvatar>
            <ListItemText
              primary={establishment.name}
              secondary={
                establishment.city
                  ? `${establishment.city} · ${t('management.table.followerCount', { count: establishment.followerCount })}`
                  : t('management.table.followerCount', { count: establishment.followerCount })
              }
              slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } } }}
              sx={{ minWidth: 0 }}
            />
            <Box sx={{ flexShrink: 0 }}>
              <EstablishmentStatusChip status={establishment.status} />
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
