import { Alert, Card, CardHeader, Divider, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { UserAdminActions } from '../../../features/admin-actions/components/user-admin-actions';
import { AuditLogList } from '../../../features/audit-log/components/audit-log-list';
import { ExportMenu } from '../../../features/exports/components/export-menu';
import { usePerson } from '../../../features/people/api/people.api';
import { PersonDetail, PersonDetailSkeleton } from '../../../features/people/components/person-detail';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { PEOPLE_SECTIONS, type PeopleSection, personPath } from './people-sections';

/** /app/management/customers/{customerId} (admin). */
export function CustomerDetailPage() {
  return <PersonDetailPage section="customers" />;
}

/** /app/management/users/{userId} (admin). */
export function UserDetailPage() {
  return <PersonDetailPage section="users" />;
}

/** /app/management/clients/{clientId} (admin): the client with the establishments they operate. */
export function ClientDetailPage() {
  return <PersonDetailPage section="clients" />;
}

/** One person: profile, establishments, devices, preferences, deliveries, the admin's actions and their audit entries. */
function PersonDetailPage({ section }: { section: PeopleSection }) {
  const { t } = useTranslation();
  const can = useCan();
  const { base, param, back: backLabel } = PEOPLE_SECTIONS[section];
  const id = useParams()[param] ?? '';
  const { data, isPending, isError, error } = usePerson(id);
  const back = { to: base, label: t(backLabel) };

  if (isError)
    return (
      <Stack spacing={3}>
        <PageHeader back={back} title={t('people.detail.notFoundTitle')} />
        <Alert severity="error">{apiErrorText(t, error)}</Alert>
      </Stack>
    );
  if (isPending) return <PersonDetailSkeleton back={back} />;
  return (
    <PersonDetail person={data} back={back} editTo={`${personPath(section, data.id)}/edit`}>
      <UserAdminActions person={data} listPath={base} />
      {can('data:export') && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <ExportMenu kind="user" params={{ id: data.id }} label={t('exports.userData')} />
        </Stack>
      )}
      {can('auditLog:read') && (
        <Card>
          <CardHeader title={t('auditLog.personTitle')} subheader={t('auditLog.personSubtitle')} />
          <Divider />
          <AuditLogList targetUserId={data.id} limit={10} label={t('auditLog.personTitle')} hideTarget />
        </Card>
      )}
    </PersonDetail>
  );
}
