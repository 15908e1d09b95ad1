import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { NewCustomerForm, NewUserForm } from '../../../features/people/components/new-person-forms';
import { PEOPLE_SECTIONS, personPath } from './people-sections';

/** /app/management/customers/new (admin): a customer following an establishment, then their page. */
export function CustomerNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = PEOPLE_SECTIONS.customers;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={{ to: base, label: t('people.customers.title') }}
        title={t('people.form.newCustomerTitle')}
        subtitle={t('people.form.newCustomerSubtitle')}
      />
      <NewCustomerForm cancelTo={base} onCreated={(user) => navigate(personPath('customers', user.id))} />
    </Stack>
  );
}

/** /app/management/users/new (admin): a user of any role, then their page. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base } = PEOPLE_SECTIONS.users;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={{ to: base, label: t('people.users.title') }}
        title={t('people.form.newUserTitle')}
        subtitle={t('people.form.newUserSubtitle')}
      />
      <NewUserForm cancelTo={base} onCreated={(user) => navigate(personPath('users', user.id))} />
    </Stack>
  );
}
