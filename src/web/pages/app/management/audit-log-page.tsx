import { Button, Card, Divider, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { AuditLogFilters } from '../../../features/audit-log/components/audit-log-filters';
import { AuditLogList } from '../../../features/audit-log/components/audit-log-list';
import { useAuditLogParams } from '../../../features/audit-log/components/use-audit-log-params';

/**
 * /app/management/audit-log (who holds auditLog:read): every admin action, newest first, who did
 * what to whom and when, filtered by action, actor, business and days (kept in the address).
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const list = useAuditLogParams();
  return (
    <Stack spacing={3}>
      <PageHeader title={t('auditLog.title')} subtitle={t('auditLog.subtitle')} />
      <Card>
        <AuditLogFilters list={list} />
        <Divider />
        <AuditLogList
          label={t('auditLog.title')}
          filters={list.filters}
          filtered={list.filtered}
          clearAction={<Button onClick={list.clear}>{t('auditLog.filters.clear')}</Button>}
        />
      </Card>
    </Stack>
  );
}
