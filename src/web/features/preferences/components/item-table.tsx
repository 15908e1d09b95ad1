import {
  Avatar,
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
import { LinkRow, ListBody, NameCell, SkeletonRows } from '../../../components/link-table';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RetryAlert } from '../../../components/retry-alert';
import { preferenceErrorText } from '../preference-message';

/** A column after the name: its header and what a row shows in it. */
export interface ItemColumn<T> {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** Numbers line up on the end side. */
  numeric?: boolean;
}

interface Props<T extends { id: string }> {
  /** Undefined while the first answer is on its way. */
  items: T[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** Accessible name of the table (and of the phone list). */
  label: string;
  nameHeader: string;
  nameOf: (item: T) => string;
  hrefOf: (item: T) => string;
  icon: ReactNode;
  columns: ItemColumn<T>[];
  /** On phones: the line under the name, and what sits at the row's end. */
  phone: { secondary: (item: T) => ReactNode; end: (item: T) => ReactNode };
  emptyText: ReactNode;
}

const SKELETON_ROWS = 5;

/** The icon in a tinted circle before a row's name. */
function ItemIcon({ icon, size }: { icon: ReactNode; size: number }) {
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        bgcolor: 'action.selected',
        color: 'primary.main',
        '& svg': { fontSize: size * 0.55 },
      }}
    >
      {icon}
    </Avatar>
  );
}

/**
 * Preferences or groups as a table on wide screens and as a list on phones. Each name is a real
 * link (keyboard and screen readers); a click anywhere on a row opens it too.
 */
export function ItemTable<T extends { id: string }>(props: Props<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (props.error != null)
    return (
      <RetryAlert retryLabel={t('preferences.list.retry')} onRetry={props.onRetry} sx={{ m: 2 }}>
        {preferenceErrorText(t, props.error)}
      </RetryAlert>
    );
  return (
    <ListBody error={null} empty={props.items?.length === 0} emptyText={props.emptyText}>
      {phone ? <PhoneList {...props} /> : <WideTable {...props} />}
    </ListBody>
  );
}

function WideTable<T extends { id: string }>(props: Props<T>) {
  const { items, label, nameHeader, nameOf, hrefOf, icon, columns } = props;
  return (
    <TableContainer>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{nameHeader}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <SkeletonRows rows={SKELETON_ROWS} columns={columns.length + 1} />
          ) : (
            items.map((item) => (
              <LinkRow key={item.id} href={hrefOf(item)}>
                <NameCell
                  picture={<ItemIcon icon={icon} size={36} />}
                  href={hrefOf(item)}
                  name={nameOf(item)}
                />
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                    {column.cell(item)}
                  </TableCell>
                ))}
              </LinkRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PhoneList<T extends { id: string }>({ items, label, nameOf, hrefOf, icon, phone }: Props<T>) {
  if (!items) return <ListSkeleton rows={SKELETON_ROWS} picture="circular" />;
  return (
    <List aria-label={label} sx={{ py: 0.5 }}>
      {items.map((item) => (
        <ListItem key={item.id} disablePadding sx={{ px: 0.5 }}>
          <ListItemButton component={RouterLink} to={hrefOf(item)} sx={{ gap: 1 }}>
            <ListItemAvatar sx={{ minWidth: 0, marginInlineEnd: 1 }}>
              <ItemIcon icon={icon} size={40} />
            </ListItemAvatar>
            <ListItemText
              primary={nameOf(item)}
              secondary={phone.secondary(item)}
              slotProps={{ primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } } }}
              sx={{ minWidth: 0 }}
            />
            <Box sx={{ flexShrink: 0 }}>{phone.end(item)}</Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
