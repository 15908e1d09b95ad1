import { Alert, Card, CardContent, Grid, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePerson } from '../../../features/people/api/people.api';
import { PersonAvatar } from '../../../features/people/components/person-chips';
import { PersonEditForm } from '../../../features/people/components/person-edit-form';
import { apiErrorText } from '../../../lib/api-error-text';
import { PEOPLE_SECTIONS, type PeopleSection, personPath } from './people-sections';

/** /app/management/customers/{customerId}/edit (admin). */
export function CustomerEditPage() {
  return <PersonEditPage section="customers" />;
}

/** /app/management/users/{userId}/edit (admin). */
export function UserEditPage() {
  return <PersonEditPage section="users" />;
}

/** /app/management/clients/{clientId}/edit (admin). */
export function ClientEditPage() {
  return <PersonEditPage section="clients" />;
}

/** Every field of one person, prefilled; saving returns to their page. */
function PersonEditPage({ section }: { section: PeopleSection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { base, param, back } = PEOPLE_SECTIONS[section];
  const id = useParams()[param] ?? '';
  const { data, isPending, isError, error } = usePerson(id);
  const detail = personPath(section, id);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={{
          to: isError ? base : detail,
          label: isError ? t(back) : t('people.form.backToDetail'),
        }}
        avatar={data && <PersonAvatar person={data} size={48} />}
        title={
          data ? (
            t('people.form.editTitle', { name: `${data.firstName} ${data.lastName}` })
          ) : (
            <Skeleton width={280} />
          )
        }
        subtitle={t('people.form.editSubtitle')}
      />
      {isError ? (
        <Alert severity="error">{apiErrorText(t, error)}</Alert>
      ) : isPending ? (
        <Card>
          <CardContent>
            <Grid container spacing={2}>
              {Array.from({ length: 6 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <Grid key={index} size={{ xs: 12, sm: 6 }}>
                  <Skeleton variant="rounded" height={56} />
                </Grid>
              ))}
            </Grid>
          </CardContent>
        </Card>
      ) : (
        // Keyed by the record, so another person starts a fresh form.
        <PersonEditForm key={data.id} person={data} cancelTo={detail} onSaved={() => navigate(detail)} />
      )}
    </Stack>
  );
}
