import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Divider,
  Grid,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { PageHeader } from '../../../components/page-header';
import {
  useManagedEstablishment,
  useSetBlocked,
} from '../../../features/establishments/api/establishments.api';
import { DeleteEstablishmentCard } from '../../../features/establishments/components/delete-establishment-card';
import { EstablishmentAvatar } from '../../../features/establishments/components/establishment-avatar';
import { EstablishmentMembersCard } from '../../../features/establishments/components/establishment-members-card';
import { EstablishmentStatusChip } from '../../../features/establishments/components/establishment-status-chip';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useLocaleFormat } from '../../../lib/use-locale-format';

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
  return <Detail establishment={data} back={back} />;
}

function Detail({
  establishment: e,
  back,
}: {
  establishment: Establishment;
  back: { to: string; label: string };
}) {
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
        actions={<Actions establishment={e} />}
      />
      {e.blocked && <Alert severity="warning">{t('management.detail.blockedNotice')}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title={t('management.detail.profile')} />
            <Divider />
            <CardContent>
              <Box component="dl" sx={{ m: 0 }}>
                <Row label={t('establishmentForm.fields.email')}>
                  <Link href={`mailto:${e.email}`} dir="ltr">
                    {e.email}
                  </Link>
                </Row>
                <Row label={t('establishmentForm.fields.phone')}>
                  <Link href={`tel:${e.phone.replace(/\s+/g, '')}`} dir="ltr">
                    {e.phone}
                  </Link>
                </Row>
                <Row label={t('establishmentForm.fields.website')}>
                  {e.website ? (
                    <Link href={e.website} target="_blank" rel="noopener noreferrer" dir="ltr">
                      {e.website}
                    </Link>
                  ) : null}
                </Row>
                <Row label={t('management.detail.address')}>
                  {address.map((line) => (
                    <Box key={line}>{line}</Box>
                  ))}
                </Row>
                <Row label={t('establishmentForm.fields.businessId')}>{e.businessId}</Row>
                <Row label={t('establishmentForm.fields.taxId')}>{e.taxId}</Row>
                <Row label={t('establishmentForm.fields.vatNumber')}>{e.vatNumber}</Row>
                <Row label={t('establishmentForm.fields.timeZone')}>{e.timeZone.replace(/_/g, ' ')}</Row>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3} sx={{ height: '100%' }}>
            <Card>
              <CardContent>
                <Stack direction="row" divider={<Divider orientation="vertical" flexItem />} spacing={2}>
                  <Figure value={e.followerCount} label={t('management.detail.followers')} />
                  <Figure value={e.clientCount} label={t('management.detail.clients')} />
                </Stack>
              </CardContent>
            </Card>
            <Card sx={{ flexGrow: 1 }}>
              <CardContent>
                <Box component="dl" sx={{ m: 0 }}>
                  <Row label={t('management.detail.publicPage')} stacked>
                    <Link component={RouterLink} to={`/${e.publicId}`} dir="ltr">
                      {`/${e.publicId}`}
                    </Link>
                  </Row>
                  <Row label={t('management.detail.visibility')} stacked>
                    {e.active ? t('management.detail.activeYes') : t('management.detail.activeNo')}
                  </Row>
                  <Row label={t('management.detail.created')} stacked>
                    {format.date(e.createdAt, { withTime: true })}
                  </Row>
                  <Row label={t('management.detail.updated')} stacked>
                    {format.date(e.updatedAt, { withTime: true })}
                  </Row>
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

/** Edit, open the establishment's own page, block or unblock. */
function Actions({ establishment: e }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setBlocked = useSetBlocked(e.id);

  const toggleBlocked = async () => {
    try {
      const { message } = await setBlocked.mutateAsync(!e.blocked);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <>
      <Button
        component={RouterLink}
        to={`${LIST}/${encodeURIComponent(e.id)}/edit`}
        variant="contained"
        startIcon={<EditOutlined />}
      >
        {t('management.detail.edit')}
      </Button>
      <Button
        component={RouterLink}
        to={`/app/establishment/${encodeURIComponent(e.id)}`}
        variant="outlined"
        startIcon={<OpenInNew />}
      >
        {t('management.detail.open')}
      </Button>
      <Button
        variant="outlined"
        color={e.blocked ? 'success' : 'warning'}
        onClick={toggleBlocked}
        disabled={setBlocked.isPending}
        startIcon={
          setBlocked.isPending ? (
            <CircularProgress size={18} color="inherit" />
          ) : e.blocked ? (
            <LockOpenOutlined />
          ) : (
            <BlockOutlined />
          )
        }
      >
        {e.blocked ? t('management.detail.unblock') : t('management.detail.block')}
      </Button>
    </>
  );
}

/** A term and its value; side by side on wide cards, stacked on phones (or always, when `stacked`). */
function Row({ label, children, stacked }: { label: string; children: ReactNode; stacked?: boolean }) {
  const side = stacked ? {} : { sm: '180px 1fr' };
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', ...side },
        columnGap: 2,
        rowGap: 0.25,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:first-of-type': { pt: 0 },
        '&:last-of-type': { borderBottom: 0, pb: 0 },
      }}
    >
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', textAlign: 'start' }}>
        {children ?? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            {'—'}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
    </Box>
  );
}
