import { Box, Container, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { COVER_ASPECT } from './establishment-cover';

/** The page's shape while it loads: cover, logo, name, buttons, then the contact card and pictures. */
export function PublicEstablishmentSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('publicPage.loading')} sx={{ pb: 6 }}>
      <Container maxWidth="lg" disableGutters>
        <Skeleton
          variant="rectangular"
          sx={{ width: '100%', height: 'auto', aspectRatio: COVER_ASPECT, maxHeight: 400 }}
        />
      </Container>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 1.5, md: 3 }}
          sx={{ alignItems: { md: 'flex-end' } }}
        >
          <Box sx={{ flexShrink: 0 }}>
            <Skeleton
              variant="circular"
              sx={{
                width: { xs: 104, md: 148 },
                height: { xs: 104, md: 148 },
                mt: { xs: '-52px', md: '-74px' },
                flexShrink: 0,
              }}
            />
          </Box>
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" sx={{ fontSize: '2rem', width: '60%' }} />
            <Skeleton variant="text" sx={{ width: '40%' }} />
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ width: { xs: '100%', md: 320 } }}>
            <Skeleton variant="rounded" height={48} sx={{ flexGrow: 1 }} />
            <Skeleton variant="rounded" height={48} width={110} />
          </Stack>
        </Stack>
        <Box
          sx={{
            mt: { xs: 4, md: 5 },
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          }}
        >
          <Skeleton variant="rounded" height={260} sx={{ gridColumn: { md: 2 }, gridRow: { md: 1 } }} />
          <Stack direction="row" spacing={1.5} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }}>
            {[0, 1, 2].map((tile) => (
              <Skeleton key={tile} variant="rounded" sx={{ flex: 1, height: 'auto', aspectRatio: '1' }} />
            ))}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
