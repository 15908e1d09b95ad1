import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Msg } from '../../../../shared/messages';
import { PageHeader } from '../../../components/page-header';
import { EstablishmentFormCard } from '../../../features/establishments/components/establishment-form-card';
import { emptyEstablishment } from '../../../features/establishments/components/establishment-form-fields';
import { useCreateEstablishment } from '../../../lib/api/establishments.api';

const LIST = '/app/management/establishment';

/** /app/management/establishment/new (admin): create an establishment, then open its detail page. */
export function EstablishmentNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEstablishment();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader
        back={{ to: LIST, label: t('management.form.backToList') }}
        title={t('management.form.newTitle')}
        subtitle={t('management.form.newSubtitle')}
      />
      <EstablishmentFormCard
        defaultValues={emptyEstablishment}
        submitLabel={t('management.form.create')}
        cancelTo={LIST}
        save={create.mutateAsync}
        fallbackMessage={Msg.establishmentCreated}
        onSaved={(establishment) => navigate(`${LIST}/${encodeURIComponent(establishment.id)}`)}
      />
    </Stack>
  );
}
