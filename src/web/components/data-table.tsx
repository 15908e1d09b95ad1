import {
  List,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  type TableCellProps,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { LinkRow, SkeletonRows } from './link-table';
import { ListSkeleton } from './list-skeleton';

/** A column of a DataTable: its header and what each row shows in it. */
export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  align?: 'left' | 'right';
  /** The row cells' other props (sx, dir); the header cell takes only `align`. */
  cellProps?: TableCellProps;
}

/** The columns that apply, in order: a `false` (`showRole && {...}`) leaves one out. */
export function columnsOf<T>(...columns: (DataColumn<T> | false | undefined)[]): DataColumn<T>[] {
  return columns.filter((column): column is DataColumn<T> => Boolean(column));
}

interface Props<T> {
  /** Undefined while the first answer is on its way: placeholder rows, if `skeleton` says how many. */
  items: T[] | undefined;
  keyOf: (item: T) => string;
  /** Accessible name of the table, and of the list on phones. */
  label: string;
  columns: DataColumn<T>[];
  /** Where a row leads; its first cell should hold the link, for keyboards and screen readers. */
  hrefOf?: (item: T) => string;
  /** One row as a list item on phones, where the columns do not fit. */
  phoneItem: (item: T) => ReactNode;
  size?: 'small' | 'medium';
  /** How narrow the table gets before it scrolls sideways. */
  minWidth?: number;
  /** Rows whose cells run to several lines start at the top. */
  alignTop?: boolean;
  phoneListSx?: SxProps<Theme>;
  skeleton?: { rows: number; phoneRows?: number; picture: 'rounded' | 'circular' };
}

/**
 * The app's lists: a table on wide screens and a list on phones, with placeholders while the first
 * page loads. What goes around them (empty text, errors, paging) is the caller's.
 */
export function DataTable<T>(props: Props<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return phone ? <PhoneList {...props} /> : <WideTable {...props} />;
}

function WideTable<T>({
  items,
  keyOf,
  label,
  columns,
  hrefOf,
  size,
  minWidth,
  alignTop,
  skeleton,
}: Props<T>) {
  const cells = (item: T) =>
    columns.map((column) => (
      <TableCell key={column.key} align={column.align} {...column.cellProps}>
        {column.cell(item)}
      </TableCell>
    ));
  return (
    <TableContainer>
      <Table size={size} aria-label={label} sx={minWidth ? { minWidth } : undefined}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {!items
            ? skeleton && <SkeletonRows rows={skeleton.rows} columns={columns.length} />
            : items.map((item) =>
                hrefOf ? (
                  <LinkRow key={keyOf(item)} href={hrefOf(item)}>
                    {cells(item)}
                  </LinkRow>
                ) : (
                  <TableRow
                    key={keyOf(item)}
                    sx={{
                      ...(alignTop ? { verticalAlign: 'top' } : {}),
                      '&:last-child td': { borderBottom: 0 },
                    }}
                  >
                    {cells(item)}
                  </TableRow>
                ),
              )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PhoneList<T>({ items, keyOf, label, phoneItem, phoneListSx, skeleton }: Props<T>) {
  if (!items)
    return skeleton ? (
      <ListSkeleton rows={skeleton.phoneRows ?? skeleton.rows} picture={skeleton.picture} />
    ) : null;
  return (
    <List aria-label={label} sx={phoneListSx}>
      {items.map((item) => (
        <Fragment key={keyOf(item)}>{phoneItem(item)}</Fragment>
      ))}
    </List>
  );
}
