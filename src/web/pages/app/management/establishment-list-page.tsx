import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { Box, Button, Card, Divider, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ESTABLISHMENT_SORTS, type EstablishmentSort } from '../../../../shared/schemas/establishment.schema';
import { EmptyText } from '../../../components/link-table';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { EstablishmentTable } from '../../../features/establishments/components/establishment-table';
import {
  type StatusFilter,
  useListParams,
} from '../../../features/establishments/components/use-list-params';
import { ExportMenu } from '../../../features/exports/components/export-menu';
import { useEstablishments } from '../../../lib/api/establishments.api';

const PAGE_SIZES = [10, 25, 50];
const BASE = '/app/management/establishment';

/**
 * /app/management/establishment (admin): every establishment, searchable, filtered by state, newest
 * first or by name, paged on the server.
 */
export function EstablishmentListPage() {
  const { t } = useTranslation();
  const list = useListParams(PAGE_SIZES[1]!, PAGE_SIZES);
  const { data, isPending, error } = useEstablishments({
    q: list.q,
    status: list.status,
    sort: list.sort,
    page: list.page,
    pageSize: list.pageSize,
  });
  const filtered = Boolean(list.q || list.status);

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('management.list.title')}
        subtitle={t('management.list.subtitle')}
        actions={
          <>
            <Button
              component={RouterLink}
              to={`${BASE}/new`}
              variant="contained"
              startIcon={<AddBusinessOutlined />}
            >
              {t('management.list.new')}
            </Button>
            <Button
              component={RouterLink}
              to={`${BASE}/addclient`}
              variant="outlined"
              startIcon={<PersonAddAltOutlined />}
            >
              {t('management.list.addClient')}
            </Button>
            <Button
              component={RouterLink}
              to={`${BASE}/adduser`}
              variant="outlined"
              startIcon={<GroupAddOutlined />}
            >
              {t('management.list.addUser')}
            </Button>
          </>
        }
      />
      <Card>
        {/* One row where they fit; on narrower screens the search takes a row of its own. */}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ p: 2, flexWrap: { sm: 'wrap' } }}
        >
          <SearchField
            label={t('management.list.search')}
            value={list.search}
            onChange={list.setSearch}
            size="small"
            sx={{ flex: { sm: '1 1 240px' } }}
          />
          <TextField
            select
            size="small"
            label={t('management.list.statusFilter')}
            value={list.status ?? 'all'}
            onChange={(event) =>
              list.setStatus(event.target.value === 'all' ? undefined : (event.target.value as StatusFilter))
            }
            sx={{ width: { sm: 220 }, flexShrink: 0 }}
          >
            {(['all', 'active', 'inactive', 'blocked'] as const).map((status) => (
              <MenuItem key={status} value={status}>
                {t(`management.status.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('people.filters.sort')}
            value={list.sort}
            onChange={(event) => list.setSort(event.target.value as EstablishmentSort)}
            sx={{ width: { sm: 200 }, flexShrink: 0 }}
          >
            {ESTABLISHMENT_SORTS.map((sort) => (
              <MenuItem key={sort} value={sort}>
                {t(`people.sort.${sort}`)}
              </MenuItem>
            ))}
          </TextField>
          {/* Every establishment, whatever the search: the header's actions have no room left for it. */}
          <Box sx={{ flexShrink: 0, alignSelf: { sm: 'center' } }}>
            <ExportMenu kind="establishments" label={t('exports.establishments')} fullWidth />
          </Box>
        </Stack>
        <Divider />
        <EstablishmentTable
          items={data?.items}
          loading={isPending}
          error={error}
          hrefOf={(e) => `${BASE}/${encodeURIComponent(e.id)}`}
          label={t('management.list.title')}
          showClients
          emptyText={
            filtered ? (
              <EmptyText title={t('management.list.noMatch')} hint={t('management.list.noMatchHint')} />
            ) : (
              <EmptyText title={t('management.list.empty')} hint={t('management.list.emptyHint')} />
            )
          }
          paging={{
            page: list.page - 1,
            pageSize: list.pageSize,
            total: data?.total ?? 0,
            onPageChange: (page) => list.setPage(page + 1),
            onPageSizeChange: list.setPageSize,
            pageSizeOptions: PAGE_SIZES,
          }}
        />
      </Card>
    </Stack>
  );
}
