import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  InputAdornment,
  Pagination,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { PageHeader } from '../../../components/page-header';
import { useEstablishments } from '../../../features/establishments/api/establishments.api';
import { EstablishmentAvatar } from '../../../features/establishments/components/establishment-avatar';
import { EstablishmentStatusChip } from '../../../features/establishments/components/establishment-status-chip';
import { useListParams } from '../../../features/establishments/components/use-list-params';
import { apiErrorText } from '../../../lib/api-error-text';

const PAGE_SIZE = 12;

/** /app/myestablishments: the user's establishments as cards, with search and paging. */
export function MyEstablishmentsPage() {
  const { t } = useTranslation();
  const list = useListParams(PAGE_SIZE);
  const { data, isPending, isError, error, refetch } = useEstablishments({
    q: list.q,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  const pages = data ? Math.ceil(data.total / data.pageSize) : 0;
  // No establishment at all is a different message from a search that finds nothing.
  const hasAny = Boolean(list.q) || (data?.total ?? 0) > 0;

  return (
    <Stack spacing={3}>
      <PageHeader title={t('myEstablishments.title')} subtitle={t('myEstablishments.subtitle')} />
      {(hasAny || isPending) && (
        <TextField
          type="search"
          label={t('myEstablishments.search')}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          sx={{ maxWidth: { sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('myEstablishments.retry')}
            </Button>
          }
        >
          {apiErrorText(t, error)}
        </Alert>
      ) : isPending ? (
        <CardGrid>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <CardSkeleton key={index} />
          ))}
        </CardGrid>
      ) : data.items.length === 0 ? (
        <EmptyState search={list.q} />
      ) : (
        <>
          <CardGrid>
            {data.items.map((establishment) => (
              <EstablishmentCard key={establishment.id} establishment={establishment} />
            ))}
          </CardGrid>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Pagination
                count={pages}
                page={list.page}
                onChange={(_, page) => list.setPage(page)}
                color="primary"
                getItemAriaLabel={(type, page) =>
                  type === 'page'
                    ? t('myEstablishments.pageLabel', { page })
                    : t(`management.table.${type}Page`)
                }
              />
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

function CardGrid({ children }: { children: React.ReactNode }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Grid>
  );
}

const cellSize = { xs: 12, sm: 6, lg: 4 };

/** One establishment: logo, name, city, state and followers; the whole card opens it. */
function EstablishmentCard({ establishment }: { establishment: EstablishmentView }) {
  const { t } = useTranslation();
  return (
    <Grid size={cellSize} component="li">
      <Card sx={{ height: '100%' }}>
        <CardActionArea
          component={RouterLink}
          to={`/app/establishment/${encodeURIComponent(establishment.id)}`}
          sx={{ height: '100%', alignItems: 'stretch' }}
        >
          <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
              <EstablishmentAvatar establishment={establishment} size={56} />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography variant="h6" component="h2" noWrap title={establishment.name}>
                  {establishment.name}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                  <LocationOnOutlined sx={{ fontSize: 18 }} />
                  <Typography variant="body2" noWrap>
                    {establishment.city || t('myEstablishments.noCity')}
                  </Typography>
                </Stack>
              </Box>
            </Stack>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <EstablishmentStatusChip status={establishment.status} />
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <PeopleAltOutlined sx={{ fontSize: 18 }} />
                <Typography variant="body2">
                  {t('myEstablishments.followers', { count: establishment.followerCount })}
                </Typography>
              </Stack>
            </Stack>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}

function CardSkeleton() {
  return (
    <Grid size={cellSize} component="li">
      <Card>
        <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Skeleton variant="rounded" width={56} height={56} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton width="70%" height={28} />
              <Skeleton width="40%" />
            </Box>
          </Stack>
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between' }}>
            <Skeleton variant="rounded" width={64} height={24} />
            <Skeleton width={90} />
          </Stack>
        </CardContent>
      </Card>
    </Grid>
  );
}

function EmptyState({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
          <StorefrontOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6" component="h2">
            {search ? t('myEstablishments.noMatch', { search }) : t('myEstablishments.empty')}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 420 }}>
            {search ? t('myEstablishments.noMatchHint') : t('myEstablishments.emptyHint')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
