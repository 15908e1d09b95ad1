import ForumOutlined from '@mui/icons-material/ForumOutlined';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardHeader,
  CircularProgress,
  Divider,
  Link,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ContactRequest } from '../../../../shared/schemas/contact.schema';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { nameInitials } from '../../../lib/initials';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useContactRequests } from '../api/contact.api';

/** The representative panel's list of businesses that wrote from /home, newest first, to answer by email. */
export function ContactRequestsCard() {
  const { t } = useTranslation();
  const query = useContactRequests();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card component="section" aria-labelledby="contact-requests-title" aria-busy={query.isPending}>
      <CardHeader
        title={t('contact.requests.title')}
        subheader={t('contact.requests.subtitle')}
        slotProps={{ title: { id: 'contact-requests-title', component: 'h2' } }}
      />
      <Divider />
      {query.isPending ? (
        <RequestSkeletons />
      ) : query.isError && items.length === 0 ? (
        <RetryAlert sx={{ m: 2 }} retryLabel={t('contact.requests.retry')} onRetry={() => query.refetch()}>
          {apiErrorText(t, query.error)}
        </RetryAlert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ForumOutlined />}
          title={t('contact.requests.empty')}
          text={t('contact.requests.emptyHint')}
        />
      ) : (
        <>
          <List disablePadding aria-label={t('contact.requests.title')}>
            {items.map((item, index) => (
              <RequestItem key={item.id} request={item} divider={index < items.length - 1} />
            ))}
          </List>
          {query.hasNextPage && (
            <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
              <Button
                onClick={() => query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                startIcon={query.isFetchingNextPage ? <CircularProgress size={18} color="inherit" /> : null}
              >
                {t('contact.requests.loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Card>
  );
}

/** One request: who, which business, how to reach them, their message and when they wrote. */
function RequestItem({ request: r, divider }: { request: ContactRequest; divider: boolean }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <ListItem divider={divider} sx={{ alignItems: 'flex-start', gap: 2, px: { xs: 2, sm: 3 }, py: 2 }}>
      <Avatar
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', display: { xs: 'none', sm: 'flex' } }}
      >
        {nameInitials(r.business)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', gap: { xs: 0.25, sm: 2 } }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('contact.requests.who', { name: r.name, business: r.business })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
            <RelativeTime iso={r.createdAt} />
          </Typography>
        </Stack>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5, typography: 'body2' }}
        >
          <Link href={`mailto:${r.email}`} sx={{ overflowWrap: 'anywhere' }}>
            {r.email}
          </Link>
          {r.phone ? (
            <Link href={`tel:${r.phone.replace(/[^+\d]/g, '')}`}>{r.phone}</Link>
          ) : (
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              {t('contact.requests.noPhone')}
            </Typography>
          )}
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {t('contact.requests.language', { language: format.languageName(r.language) })}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {r.message}
        </Typography>
      </Box>
    </ListItem>
  );
}

function RequestSkeletons() {
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, sm: 3 } }} aria-hidden>
      {[0, 1, 2].map((row) => (
        <Stack key={row} direction="row" spacing={2}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="60%" />
            <Skeleton width="90%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
