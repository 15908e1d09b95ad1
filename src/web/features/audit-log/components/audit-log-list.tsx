import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, CircularProgress, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../shared/schemas/user-management.schema';
import { columnsOf, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import type { AuditLogFilters } from '../../../lib/api/audit-log-keys';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useAuditLog } from '../api/audit-log.api';
import { ActionText, ActorText, AuditDetail, AuditTarget, byActorText } from './audit-entry-parts';

interface Props {
  /** Only the actions done to this person. */
  targetUserId?: string;
  /** The log page's filters; `filtered` when any is set, for an empty answer that says so. */
  filters?: AuditLogFilters;
  filtered?: boolean;
  /** Shown under "Nothing matches these filters" (a button that clears them). */
  clearAction?: ReactNode;
  limit?: number;
  /** Accessible name of the table. */
  label: string;
  /** Leave out the "whom" column (a person's own page). */
  hideTarget?: boolean;
}

/** The admin actions, newest first: a table on wide screens, a list on phones, "Load more" at the end. */
export function AuditLogList({
  targetUserId,
  filters,
  filtered,
  clearAction,
  limit,
  label,
  hideTarget,
}: Props) {
  const { t } = useTranslation();
  const log = useAuditLog({ filters: { ...filters, targetUserId }, limit });
  const items = log.data?.pages.flatMap((page) => page.items);

  if (log.isError && !items)
    return (
      <RetryAlert sx={{ m: 2 }} retryLabel={t('auditLog.retry')} onRetry={() => log.refetch()}>
        {apiErrorText(t, log.error)}
      </RetryAlert>
    );
  if (items?.length === 0 && filtered)
    return (
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t('auditLog.noMatch')}
        text={t('auditLog.noMatchHint')}
        action={clearAction}
      />
    );
  if (items?.length === 0)
    return (
      <EmptyState
        icon={<HistoryOutlined />}
        title={t('auditLog.empty')}
        text={t(targetUserId ? 'auditLog.emptyPersonHint' : 'auditLog.emptyHint')}
      />
    );

  return (
    <Box>
      <EntryTable items={items} label={label} hideTarget={hideTarget} />
      {log.isFetchNextPageError && (
        <RetryAlert sx={{ m: 2 }} retryLabel={t('auditLog.retry')} onRetry={() => log.fetchNextPage()}>
          {apiErrorText(t, log.error)}
        </RetryAlert>
      )}
      {log.hasNextPage && (
        <Stack sx={{ alignItems: 'center', p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Button
            variant="outlined"
            onClick={() => log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
            startIcon={log.isFetchingNextPage ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('auditLog.loadMore')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** The entries as a table on wide screens, a list on phones. */
function EntryTable({
  items,
  label,
  hideTarget,
}: {
  items: AuditEntry[] | undefined;
  label: string;
  hideTarget?: boolean;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const when = (entry: AuditEntry) => (
    <time dateTime={entry.createdAt}>{format.date(entry.createdAt, { withTime: true })}</time>
  );
  const columns = columnsOf<AuditEntry>(
    { key: 'when', header: t('auditLog.when'), cellProps: { sx: { whiteSpace: 'nowrap' } }, cell: when },
    { key: 'actor', header: t('auditLog.actor'), cell: (entry) => <ActorText entry={entry} /> },
    {
      key: 'action',
      header: t('auditLog.action'),
      cellProps: { sx: { fontWeight: 600 } },
      cell: (entry) => <ActionText action={entry.action} outcome={entry.outcome} />,
    },
    !hideTarget && {
      key: 'target',
      header: t('auditLog.target'),
      cell: (entry) => <AuditTarget entry={entry} />,
    },
    { key: 'detail', header: t('auditLog.detail'), cell: (entry) => <AuditDetail detail={entry.detail} /> },
  );
  return (
    <DataTable
      items={items}
      keyOf={(entry) => entry.id}
      label={label}
      columns={columns}
      minWidth={640}
      alignTop
      phoneListSx={{ py: 0 }}
      skeleton={{ rows: 5, phoneRows: 4, picture: 'circular' }}
      phoneItem={(entry) => (
        <ListItem divider sx={{ alignItems: 'flex-start' }}>
          <ListItemText
            primary={<ActionText action={entry.action} outcome={entry.outcome} />}
            secondary={
              <>
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  {when(entry)}
                  {' · '}
                  {byActorText(t, entry)}
                </Typography>
                {!hideTarget && (
                  <Box component="span" sx={{ display: 'block' }}>
                    <AuditTarget entry={entry} />
                  </Box>
                )}
                {Object.keys(entry.detail).length > 0 && (
                  <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                    <AuditDetail detail={entry.detail} />
                  </Box>
                )}
              </>
            }
            slotProps={{
              primary: { sx: { fontWeight: 600 } },
              secondary: { component: 'div' },
            }}
          />
        </ListItem>
      )}
    />
  );
}
