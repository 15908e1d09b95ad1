import { Alert, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EstablishmentDetail } from '../../../features/establishments/components/establishment-detail';
import { useManagedEstablishment } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';

const LIST = '/app/management/establishment';

/** /app/management/establishment/{id} (admin): the whole profile read-only, members, block and delete. */
export function EstablishmentDetailPage() {
  const { t } = useTranslation();
  const id = useParams().establishmentId ?? '';
  const { data, isPending, isError, error } = useManagedEstablishment(id);
  const back = { to: LIST, label: t('management.form.backToList') };

  if (isError)
    return (
      <Stack spacing={3}>
        <PageHeader back={back} title={t('management.detail.notFoundTitle')} />
        <Alert severity="error">{apiErrorText(t, error)}</Alert>
      </Stack>
    );
  if (isPending)
    return (
      <Stack spacing={3}>
        <PageHeader
          back={back}
          avatar={<Skeleton variant="rounded" width={56} height={56} />}
          title={<Skeleton width={260} />}
        />
        <Skeleton variant="rounded" height={420} />
      </Stack>
    );
  return <EstablishmentDetail establishment={data} back={back} />;
}
