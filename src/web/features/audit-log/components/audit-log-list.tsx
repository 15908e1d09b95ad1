import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../shared/schemas/user-management.schema';
import { EmptyState } from '../../../components/empty-state';
import { SkeletonRows } from '../../../components/link-table';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useAuditLog } from '../api/audit-log.api';
import { ActionText, AuditDetail, AuditTarget } from './audit-entry-parts';

interface Props {
  /** Only the actions done to this person. */
  targetUserId?: string;
  limit?: number;
  /** Accessible name of the table. */
  label: string;
  /** Leave out the "whom" column (a person's own page). */
  hideTarget?: boolean;
}

/** The admin actions, newest first: a table on wide screens, a list on phones, "Load more" at the end. */
export function AuditLogList({ targetUserId, limit, label, hideTarget }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const log = useAuditLog({ targetUserId, limit });
  const items = log.data?.pages.flatMap((page) => page.items);

  if (log.isError && !items)
    return (
      <RetryAlert sx={{ m: 2 }} retryLabel={t('auditLog.retry')} onRetry={() => log.refetch()}>
        {apiErrorText(t, log.error)}
      </RetryAlert>
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
      {phone ? (
        <PhoneList items={items} label={label} hideTarget={hideTarget} />
      ) : (
        <WideTable items={items} label={label} hideTarget={hideTarget} />
      )}
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

type ListProps = { items: AuditEntry[] | undefined; label: string; hideTarget?: boolean };

function WideTable({ items, label, hideTarget }: ListProps) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const columns = hideTarget ? 4 : 5;
  return (
    <TableContainer>
      <Table aria-label={label} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('auditLog.when')}</TableCell>
            <TableCell>{t('auditLog.admin')}</TableCell>
            <TableCell>{t('auditLog.action')}</TableCell>
            {!hideTarget && <TableCell>{t('auditLog.target')}</TableCell>}
            <TableCell>{t('auditLog.detail')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!items ? (
            <SkeletonRows rows={5} columns={columns} />
          ) : (
            items.map((entry) => (
              <TableRow key={entry.id} sx={{ verticalAlign: 'top', '&:last-child td': { borderBottom: 0 } }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.createdAt}>{format.date(entry.createdAt, { withTime: true })}</time>
                </TableCell>
                <TableCell>{entry.actorName}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>
                  <ActionText action={entry.action} />
                </TableCell>
                {!hideTarget && (
                  <TableCell>
                    <AuditTarget entry={entry} />
                  </TableCell>
                )}
                <TableCell>
                  <AuditDetail detail={entry.detail} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PhoneList({ items, label, hideTarget }: ListProps) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  if (!items) return <ListSkeleton rows={4} picture="circular" />;
  return (
    <List aria-label={label} sx={{ py: 0 }}>
      {items.map((entry) => (
        <ListItem key={entry.id} divider sx={{ alignItems: 'flex-start' }}>
          <ListItemText
            primary={<ActionText action={entry.action} />}
            secondary={
              <>
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  <time dateTime={entry.createdAt}>{format.date(entry.createdAt, { withTime: true })}</time>
                  {' · '}
                  {t('auditLog.byAdmin', { name: entry.actorName })}
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
      ))}
    </List>
  );
}
