import { Alert, Card, CardContent, Grid, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Msg } from '../../../../shared/messages';
import type { Establishment, EstablishmentFields } from '../../../../shared/schemas/establishment.schema';
import { PageHeader } from '../../../components/page-header';
import { EstablishmentAvatar } from '../../../features/establishments/components/establishment-avatar';
import { EstablishmentFormCard } from '../../../features/establishments/components/establishment-form-card';
import { useManagedEstablishment, useUpdateEstablishment } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';

const LIST = '/app/management/establishment';

const fieldsOf = (e: Establishment): EstablishmentFields => ({
  name: e.name,
  subheader: e.subheader,
  email: e.email,
  phone: e.phone,
  website: e.website,
  address1: e.address1,
  address2: e.address2,
  city: e.city,
  state: e.state,
  zip: e.zip,
  country: e.country,
  businessId: e.businessId,
  taxId: e.taxId,
  vatNumber: e.vatNumber,
  timeZone: e.timeZone,
  active: e.active,
  commentsEnabled: e.commentsEnabled,
  welcomeText: e.welcomeText,
  welcomeTranslations: e.welcomeTranslations,
});

/** /app/management/establishment/{id}/edit (admin): the profile form, prefilled. */
export function EstablishmentEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().establishmentId ?? '';
  const { data, isPending, isError, error } = useManagedEstablishment(id);
  const update = useUpdateEstablishment(id);
  const detail = `${LIST}/${encodeURIComponent(id)}`;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={{
          to: isError ? LIST : detail,
          label: t(isError ? 'management.form.backToList' : 'management.form.backToDetail'),
        }}
        avatar={data && <EstablishmentAvatar establishment={data} size={48} />}
        title={data ? t('management.form.editTitle', { name: data.name }) : <Skeleton width={280} />}
        subtitle={t('management.form.editSubtitle')}
      />
      {isError ? (
        <Alert severity="error">{apiErrorText(t, error)}</Alert>
      ) : isPending ? (
        <FormSkeleton />
      ) : (
        // Keyed by the record, so a different establishment starts a fresh form.
        <EstablishmentFormCard
          key={data.id}
          defaultValues={fieldsOf(data)}
          submitLabel={t('management.form.save')}
          cancelTo={detail}
          save={update.mutateAsync}
          fallbackMessage={Msg.establishmentUpdated}
          onSaved={() => navigate(detail)}
        />
      )}
    </Stack>
  );
}

function FormSkeleton() {
  return (
    <Card>
      <CardContent>
        <Grid container spacing={2}>
          {Array.from({ length: 10 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <Grid key={index} size={{ xs: 12, sm: index < 2 ? 12 : 6 }}>
              <Skeleton variant="rounded" height={56} />
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}
