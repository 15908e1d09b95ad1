import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { Button, Card, CardHeader, Divider, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText } from '../../../components/link-table';
import { PageHeader } from '../../../components/page-header';
import { ContactRequestsCard } from '../../../features/contact/components/contact-requests-card';
import { ClientSignupDialog } from '../../../features/establishments/components/client-signup-dialog';
import { EstablishmentTable } from '../../../features/establishments/components/establishment-table';
import { RepresentantFigures } from '../../../features/reports/components/representant-figures';
import { useEstablishments } from '../../../lib/api/establishments.api';
import { useCan } from '../../../lib/use-can';

const PAGE_SIZES = [10, 25, 50];

/**
 * /app/reports/representant: the representative's figures, their establishments, client registration,
 * and the businesses that asked for the service from /home. An admin reads it over every establishment.
 */
export function RepresentantPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [signupOpen, setSignupOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const { data, isPending, error } = useEstablishments({ page: page + 1, pageSize });
  // An admin sees every establishment here, not the ones they registered: the words say so.
  const admin = can('user:admin');
  const listTitle = t(admin ? 'representant.list.titleAdmin' : 'representant.list.title');

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('representant.title')}
        subtitle={t(admin ? 'representant.subtitleAdmin' : 'representant.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddAltOutlined />}
            onClick={() => setSignupOpen(true)}
          >
            {t('representant.signup.open')}
          </Button>
        }
      />
      <RepresentantFigures />
      <Card>
        <CardHeader title={listTitle} subheader={t('representant.list.subtitle')} />
        <Divider />
        <EstablishmentTable
          items={data?.items}
          loading={isPending}
          error={error}
          hrefOf={(e) => `/app/establishment/${encodeURIComponent(e.id)}`}
          label={listTitle}
          emptyText={
            <EmptyText
              title={t(admin ? 'representant.list.emptyAdmin' : 'representant.list.empty')}
              hint={t('representant.list.emptyHint')}
            />
          }
          paging={{
            page,
            pageSize,
            total: data?.total ?? 0,
            onPageChange: setPage,
            onPageSizeChange: (size) => {
              setPageSize(size);
              setPage(0);
            },
            pageSizeOptions: PAGE_SIZES,
          }}
        />
      </Card>
      {can('contactRequest:read') && <ContactRequestsCard />}
      <ClientSignupDialog open={signupOpen} onClose={() => setSignupOpen(false)} />
    </Stack>
  );
}
