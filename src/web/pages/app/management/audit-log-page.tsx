import { Card, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { AuditLogList } from '../../../features/audit-log/components/audit-log-list';

/** /app/management/audit-log (who holds auditLog:read): every admin action, newest first, who did what to whom and when. */
export function AuditLogPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageHeader title={t('auditLog.title')} subtitle={t('auditLog.subtitle')} />
      <Card>
        <AuditLogList label={t('auditLog.title')} />
      </Card>
    </Stack>
  );
}
