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
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { LinkRow, ListBody, NameCell, SkeletonRows, TablePager } from '../../../components/link-table';
import { ListSkeleton } from '../../../components/list-skeleton';
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
const COLUMNS = 5;

const fullName = (person: ManagedUser) => `${person.firstName} ${person.lastName}`;

/**
 * People as a table on wide screens and as a list on phones, paged by cursor. Each row's name is a
 * real link, so the list works from the keyboard; a click anywhere on a row opens it too.
 */
export function PeopleTable({ items, loading, error, hrefOf, label, emptyText, paging, showRole }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <ListBody error={error} empty={!loading && items?.length === 0} emptyText={emptyText}>
      {phone ? (
        <PhoneList items={items} hrefOf={hrefOf} label={label} />
      ) : (
        <WideTable items={items} hrefOf={hrefOf} label={label} showRole={showRole} />
      )}
      {paging.total > 0 && (
        <TablePager
          total={paging.total}
          page={paging.index}
          pageSize={paging.pageSize}
          pageSizeOptions={phone ? [] : paging.pageSizeOptions}
          onPageChange={(page) => (page > paging.index ? paging.onNext() : paging.onPrevious())}
          onPageSizeChange={paging.onPageSizeChange}
          nextDisabled={!paging.hasNext}
        />
      )}
    </ListBody>
  );
}

function WideTable({
  items,
  hrefOf,
  label,
  showRole,
}: Pick<Props, 'items' | 'hrefOf' | 'label' | 'showRole'>) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <TableContainer>
      <Table aria-label={label} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('people.name')}</TableCell>
            <TableCell>{t('people.email')}</TableCell>
            <TableCell>{t('people.phone')}</TableCell>
            {showRole && <TableCell>{t('people.role')}</TableCell>}
            <TableCell>{t('people.emailState')}</TableCell>
            <TableCell>{t('people.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <SkeletonRows rows={SKELETON_ROWS} columns={COLUMNS + (showRole ? 1 : 0)} />
          ) : (
            items.map((person) => (
              <LinkRow key={person.id} href={hrefOf(person)}>
                <NameCell
                  picture={<PersonAvatar person={person} size={36} />}
                  href={hrefOf(person)}
                  name={fullName(person)}
                />
                <TableCell sx={{ wordBreak: 'break-all' }}>{person.email}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{person.phone}</TableCell>
                {showRole && <TableCell>{t(`accountPage.roles.${person.role}`)}</TableCell>}
                <TableCell>
                  <VerifiedChip person={person} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(person.createdAt)}</TableCell>
              </LinkRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PhoneList({ items, hrefOf, label }: Pick<Props, 'items' | 'hrefOf' | 'label'>) {
  if (!items) return <ListSkeleton rows={SKELETON_ROWS} picture="circular" />;
  return (
    <List aria-label={label} sx={{ py: 0.5 }}>
      {items.map((person) => (
        <ListItem key={person.id} disablePadding sx={{ px: 0.5 }}>
          <ListItemButton component={RouterLink} to={hrefOf(person)} sx={{ gap: 1 }}>
            <ListItemAvatar sx={{ minWidth: 0, marginInlineEnd: 1 }}>
              <PersonAvatar person={person} size={40} />
            </ListItemAvatar>
            <ListItemText
              primary={fullName(person)}
              secondary={person.email}
              slotProps={{
                primary: { sx: { fontWeight: 600, wordBreak: 'break-word' } },
                secondary: { sx: { wordBreak: 'break-all' } },
              }}
              sx={{ minWidth: 0 }}
            />
            <Box sx={{ flexShrink: 0 }}>
              <VerifiedChip person={person} />
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
