import {
  Alert,
  Box,
  Link,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  TableCell,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { apiErrorText } from '../lib/api-error-text';

/** Building blocks of the app's lists whose rows open a page: placeholder rows, rows, names, paging. */

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

/** The first cell's content: a picture and the name as the row's link. */
export function NameLink({ picture, href, name }: { picture: ReactNode; href: string; name: string }) {
  return (
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
  );
}

/** A row of a phone list that opens `href`: a picture, the name over a line of detail, and its end (a chip). */
export function LinkListItem({
  href,
  picture,
  primary,
  secondary,
  end,
  breakSecondary,
}: {
  href: string;
  picture: ReactNode;
  primary: ReactNode;
  secondary: ReactNode;
  end: ReactNode;
  /** The detail may break anywhere (an email address has no spaces to break at). */
  breakSecondary?: boolean;
}) {
  return (
    <ListItem disablePadding sx={{ px: 0.5 }}>
      <ListItemButton component={RouterLink} to={href} sx={{ gap: 1 }}>
        <ListItemAvatar sx={{ minWidth: 0, marginInlineEnd: 1 }}>{picture}</ListItemAvatar>
        <ListItemText
          primary={primary}
          secondary={secondary}
          slotProps={{
            primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } },
            ...(breakSecondary ? { secondary: { sx: { wordBreak: 'break-all' } } } : {}),
          }}
          sx={{ minWidth: 0 }}
        />
        <Box sx={{ flexShrink: 0 }}>{end}</Box>
      </ListItemButton>
    </ListItem>
  );
}

interface PagerProps {
  total: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  /** The rows-per-page picker's choices; none on phones, where it does not fit beside the arrows. */
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={onPageSizeChange && !phone ? pageSizeOptions : []}
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

/** A line of text (and a hint) for an empty list. */
export function EmptyText({ title, hint }: { title: string; hint?: string }) {
  return (
    <>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {title}
      </Typography>
      {hint && <Typography variant="body2">{hint}</Typography>}
    </>
  );
}

/** A list's rows, or in their place the error it could not load with, or its empty text. */
export function ListBody({
  error,
  empty,
  emptyText,
  children,
}: {
  /** The query's error; null or undefined when it loaded. */
  error: unknown;
  empty: boolean;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error != null)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {apiErrorText(t, error)}
      </Alert>
    );
  if (empty)
    return <Box sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary' }}>{emptyText}</Box>;
  return <Box>{children}</Box>;
}
