import { Box, Pagination, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { SearchField } from '../../../components/search-field';
import {
  EstablishmentCard,
  EstablishmentCardGrid,
  EstablishmentCardSkeleton,
} from '../../../features/establishments/components/establishment-card';
import { MyEstablishmentsEmpty } from '../../../features/establishments/components/my-establishments-empty';
import { useListParams } from '../../../features/establishments/components/use-list-params';
import { useEstablishments } from '../../../lib/api/establishments.api';
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
        <SearchField
          label={t('myEstablishments.search')}
          value={list.search}
          onChange={list.setSearch}
          sx={{ maxWidth: { sm: 420 } }}
        />
      )}
      {isError ? (
        <RetryAlert retryLabel={t('myEstablishments.retry')} onRetry={refetch}>
          {apiErrorText(t, error)}
        </RetryAlert>
      ) : isPending ? (
        <EstablishmentCardGrid>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <EstablishmentCardSkeleton key={index} />
          ))}
        </EstablishmentCardGrid>
      ) : data.items.length === 0 ? (
        <MyEstablishmentsEmpty search={list.q} />
      ) : (
        <>
          <EstablishmentCardGrid>
            {data.items.map((establishment) => (
              <EstablishmentCard key={establishment.id} establishment={establishment} />
            ))}
          </EstablishmentCardGrid>
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
