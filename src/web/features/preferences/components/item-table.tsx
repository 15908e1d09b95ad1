import { Avatar } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { LinkListItem, ListBody, NameLink } from '../../../components/link-table';
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
export function ItemTable<T extends { id: string }>({
  items,
  error,
  onRetry,
  label,
  nameHeader,
  nameOf,
  hrefOf,
  icon,
  columns,
  phone,
  emptyText,
}: Props<T>) {
  const { t } = useTranslation();
  if (error != null)
    return (
      <RetryAlert retryLabel={t('preferences.list.retry')} onRetry={onRetry} sx={{ m: 2 }}>
        {preferenceErrorText(t, error)}
      </RetryAlert>
    );
  return (
    <ListBody error={null} empty={items?.length === 0} emptyText={emptyText}>
      <DataTable
        items={items}
        keyOf={(item) => item.id}
        label={label}
        columns={[
          {
            key: 'name',
            header: nameHeader,
            cell: (item) => (
              <NameLink
                picture={<ItemIcon icon={icon} size={36} />}
                href={hrefOf(item)}
                name={nameOf(item)}
              />
            ),
          },
          ...columns.map(
            ({ numeric, ...column }) => ({ ...column, align: numeric ? 'right' : 'left' }) as const,
          ),
        ]}
        hrefOf={hrefOf}
        phoneListSx={{ py: 0.5 }}
        skeleton={{ rows: SKELETON_ROWS, picture: 'circular' }}
        phoneItem={(item) => (
          <LinkListItem
            href={hrefOf(item)}
            picture={<ItemIcon icon={icon} size={40} />}
            primary={nameOf(item)}
            secondary={phone.secondary(item)}
            end={phone.end(item)}
          />
        )}
      />
    </ListBody>
  );
}
