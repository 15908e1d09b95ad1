import { Alert, Box, Card, CardContent, CardHeader, Divider, Grid, Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { DetailFigure, DetailRow } from '../../../components/detail-items';
import { PageHeader } from '../../../components/page-header';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { DeleteEstablishmentCard } from './delete-establishment-card';
import { EstablishmentAdminActions } from './establishment-admin-actions';
import { EstablishmentAvatar } from './establishment-avatar';
import { EstablishmentMembersCard } from './establishment-members-card';
import { EstablishmentStatusChip } from './establishment-status-chip';

interface Props {
  establishment: Establishment;
  back: { to: string; label: string };
}

/** The admin's view of one establishment: the whole profile read-only, its figures, members, block and delete. */
export function EstablishmentDetail({ establishment: e, back }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const address = [
    e.address1,
    e.address2,
    [e.zip, e.city].filter(Boolean).join(' '),
    e.state,
    e.country,
  ].filter(Boolean);

  return (
    <Stack spacing={3}>
      <PageHeader
        back={back}
        avatar={<EstablishmentAvatar establishment={e} size={56} />}
        title={e.name}
        subtitle={
          <Stack
            component="span"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <EstablishmentStatusChip status={e.status} />
            {e.subheader && <span>{e.subheader}</span>}
          </Stack>
        }
        actions={<EstablishmentAdminActions establishment={e} />}
      />
      {e.blocked && <Alert severity="warning">{t('management.detail.blockedNotice')}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('management.detail.profile')} />
            <Divider />
            <CardContent>
              <Box component="dl" sx={{ m: 0 }}>
                <DetailRow label={t('establishmentForm.fields.email')}>
                  <Link href={`mailto:${e.email}`} dir="ltr">
                    {e.email}
                  </Link>
                </DetailRow>
                <DetailRow label={t('establishmentForm.fields.phone')}>
                  <Link href={`tel:${e.phone.replace(/\s+/g, '')}`} dir="ltr">
                    {e.phone}
                  </Link>
                </DetailRow>
                <DetailRow label={t('establishmentForm.fields.website')}>
                  {e.website ? (
                    <Link href={e.website} target="_blank" rel="noopener noreferrer" dir="ltr">
                      {e.website}
                    </Link>
                  ) : null}
                </DetailRow>
                <DetailRow label={t('management.detail.address')}>
                  {address.map((line) => (
                    <Box key={line}>{line}</Box>
                  ))}
                </DetailRow>
                <DetailRow label={t('establishmentForm.fields.businessId')}>{e.businessId}</DetailRow>
                <DetailRow label={t('establishmentForm.fields.taxId')}>{e.taxId}</DetailRow>
                <DetailRow label={t('establishmentForm.fields.vatNumber')}>{e.vatNumber}</DetailRow>
                <DetailRow label={t('establishmentForm.fields.timeZone')}>
                  {e.timeZone.replace(/_/g, ' ')}
                </DetailRow>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3} sx={{ height: '100%' }}>
            <Card>
              <CardContent>
                <Stack direction="row" divider={<Divider orientation="vertical" flexItem />} spacing={2}>
                  <DetailFigure
                    value={e.followerCount}
                    label={t('management.detail.followers')}
                    note={
                      e.waitingCount > 0
                        ? t('establishmentPage.members.waiting', {
                            count: e.waitingCount,
                            formatted: format.number(e.waitingCount),
                          })
                        : undefined
                    }
                  />
                  <DetailFigure value={e.clientCount} label={t('management.detail.clients')} />
                </Stack>
              </CardContent>
            </Card>
            <Card sx={{ flexGrow: 1 }}>
              <CardContent>
                <Box component="dl" sx={{ m: 0 }}>
                  <DetailRow label={t('management.detail.publicPage')} stacked>
                    <Link component={RouterLink} to={`/${e.publicId}`} dir="ltr">
                      {`/${e.publicId}`}
                    </Link>
                  </DetailRow>
                  <DetailRow label={t('management.detail.visibility')} stacked>
                    {e.active ? t('management.detail.activeYes') : t('management.detail.activeNo')}
                  </DetailRow>
                  <DetailRow label={t('management.detail.created')} stacked>
                    {format.date(e.createdAt, { withTime: true })}
                  </DetailRow>
                  <DetailRow label={t('management.detail.updated')} stacked>
                    {format.date(e.updatedAt, { withTime: true })}
                  </DetailRow>
                </Box>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      <EstablishmentMembersCard establishmentId={e.id} />
      <DeleteEstablishmentCard establishment={e} />
    </Stack>
  );
}
