import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ExportMenu } from '../../../features/exports/components/export-menu';
import { PeopleList } from '../../../features/people/components/people-list';
import { PEOPLE_SECTIONS, personPath } from './people-sections';

/** /app/management/users (admin): everyone of every role, with a role filter. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('people.users.title')}
        subtitle={t('people.users.subtitle')}
        actions={
          <Button
            component={RouterLink}
            to={`${PEOPLE_SECTIONS.users.base}/new`}
            variant="contained"
            startIcon={<PersonAddAltOutlined />}
          >
            {t('people.users.new')}
          </Button>
        }
      />
      <PeopleList
        actions={(filters) => <ExportMenu kind="users" query={filters} />}
        label={t('people.users.title')}
        establishmentLabel={t('people.filters.anyEstablishment')}
        hrefOf={(person) => personPath('users', person.id)}
        empty={{ title: t('people.users.empty'), hint: t('people.users.emptyHint') }}
      />
    </Stack>
  );
}

/** /app/management/clients (admin): the operators of establishments. */
export function ClientsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('people.clients.title')}
        subtitle={t('people.clients.subtitle')}
        actions={
          <Button
            component={RouterLink}
            to="/app/management/establishment/addclient"
            variant="contained"
            startIcon={<PersonAddAltOutlined />}
          >
            {t('people.clients.add')}
          </Button>
        }
      />
      <PeopleList
        actions={(filters) => <ExportMenu kind="users" query={filters} />}
        userRole="client"
        label={t('people.clients.title')}
        establishmentLabel={t('people.filters.operates')}
        hrefOf={(person) => personPath('clients', person.id)}
        empty={{ title: t('people.clients.empty'), hint: t('people.clients.emptyHint') }}
      />
    </Stack>
  );
}
