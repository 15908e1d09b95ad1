import { Link, Skeleton, Stack, TableCell, TablePagination, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

/** Building blocks of the app's lists whose rows open a page: placeholder rows, rows, name cells, paging. */

/** Grey bars in the shape of the table while its first page loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
    <TableRow key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <TableCell key={cell}>
          <Skeleton width={cell === 0 ? '70%' : '50%'} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * A row that opens `href`. The name cell's link serves the keyboard and screen readers; a click
 * anywhere else on the row opens it too.
 */
export function LinkRow({ href, children }: { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <TableRow
      hover
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) return;
        navigate(href);
      }}
      sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
    >
      {children}
    </TableRow>
  );
}

/** The first cell: a picture and the name as the row's link. */
export function NameCell({ picture, href, name }: { picture: ReactNode; href: string; name: string }) {
  return (
    <TableCell>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        {picture}
        <Link
          component={RouterLink}
          to={href}
          color="inherit"
          sx={{ fontWeight: 600, wordBreak: 'break-word' }}
        >
          {name}
        </Link>
      </Stack>
    </TableCell>
  );
}

interface PagerProps {
  total: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  /** Empty: no rows-per-page picker (phones, where it does not fit beside the arrows). */
  pageSizeOptions: number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** Cursor paging knows the last page by the missing next cursor. */
  nextDisabled?: boolean;
}

/** The pager under a list, in the user's language. */
export function TablePager({
  total,
  page,
  pageSize,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  nextDisabled,
}: PagerProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={onPageSizeChange ? pageSizeOptions : []}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onPageSizeChange?.(Number(event.target.value))}
      slotProps={nextDisabled ? { actions: { nextButton: { disabled: true } } } : undefined}
      labelRowsPerPage={t('management.table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('management.table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(`management.table.${type}Page`)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    />
  );
}
