import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { Alert, Box, Card, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { GALLERY_LIMIT } from '../../../../shared/uploads';
import { EmptyState } from '../../../components/empty-state';
import { apiErrorText } from '../../../lib/api-error-text';
import { useGallery } from '../api/gallery.api';
import { GalleryImageCard } from './gallery-image-card';
import { GalleryUploadCard } from './gallery-upload-card';

const CELL = { xs: 12, sm: 6, md: 4 } as const;

/** Gallery tab (editors): add pictures, then the pictures with captions edited in place. */
export function GalleryTab({ establishment, locked }: { establishment: Establishment; locked: boolean }) {
  const { t } = useTranslation();
  const gallery = useGallery(establishment.id);
  const count = gallery.data?.length ?? 0;

  if (gallery.isError) return <Alert severity="warning">{apiErrorText(t, gallery.error)}</Alert>;

  return (
    <Stack spacing={3}>
      <GalleryUploadCard
        establishmentId={establishment.id}
        room={gallery.data ? GALLERY_LIMIT - count : 0}
        disabled={locked || !gallery.data}
      />
      <Box>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2">
            {t('establishmentPage.gallery.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('establishmentPage.gallery.count', { value: count, max: GALLERY_LIMIT })}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={(count / GALLERY_LIMIT) * 100}
          color={count >= GALLERY_LIMIT ? 'warning' : 'primary'}
          aria-label={t('establishmentPage.gallery.count', { value: count, max: GALLERY_LIMIT })}
          sx={{ mb: 2, height: 6, borderRadius: 3 }}
        />
        {gallery.isPending ? (
          <Grid container spacing={2}>
            {[0, 1, 2].map((key) => (
              <Grid key={key} size={CELL}>
                <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
                <Skeleton variant="text" sx={{ mt: 1 }} />
              </Grid>
            ))}
          </Grid>
        ) : count === 0 ? (
          <Card variant="outlined">
            <EmptyState
              icon={<PhotoLibraryOutlinedIcon />}
              title={t('establishmentPage.gallery.emptyTitle')}
              text={t('establishmentPage.gallery.emptyText')}
            />
          </Card>
        ) : (
          <Grid container spacing={2}>
            {gallery.data.map((image) => (
              <Grid key={image.id} size={CELL}>
                <GalleryImageCard establishmentId={establishment.id} image={image} disabled={locked} />
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </Stack>
  );
}
