import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ExportMenu } from '../../../features/exports/components/export-menu';
import { PeopleList } from '../../../features/people/components/people-list';

const BASE = '/app/management/customers';

/** /app/management/customers (admin): every customer, searchable and filtered, paged on the server. */
export function CustomersPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('people.customers.title')}
        subtitle={t('people.customers.subtitle')}
        actions={
          <Button
            component={RouterLink}
            to={`${BASE}/new`}
            variant="contained"
            startIcon={<PersonAddAltOutlined />}
          >
            {t('people.customers.new')}
          </Button>
        }
      />
      <PeopleList
        actions={(filters) => <ExportMenu kind="users" query={filters} />}
        userRole="customer"
        label={t('people.customers.title')}
        hrefOf={(person) => `${BASE}/${encodeURIComponent(person.id)}`}
        empty={{ title: t('people.customers.empty'), hint: t('people.customers.emptyHint') }}
      />
    </Stack>
  );
}
