import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  Card,
  CardContent,
  CardMedia,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-error-text';
import { galleryImageUrl } from '../../../lib/media-urls';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useDeleteGalleryImage } from '../api/gallery.api';
import { GalleryCaptionField, type GalleryImageProps } from './gallery-caption-field';

/** One gallery picture: thumbnail, editable caption, date added and delete (after a confirmation). */
export function GalleryImageCard({ establishmentId, image, disabled }: GalleryImageProps) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteGalleryImage(establishmentId);
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(image.id);
      setConfirming(false);
      enqueueSnackbar(t('establishmentPage.gallery.deleted'), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  };

  const alt = image.caption || t('establishmentPage.gallery.imageAlt');
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardMedia
        component="img"
        src={galleryImageUrl(image.image)}
        alt={alt}
        loading="lazy"
        sx={{ aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'action.hover' }}
      />
      <CardContent sx={{ pb: '12px !important', flexGrow: 1 }}>
        <Stack spacing={0.5}>
          <GalleryCaptionField establishmentId={establishmentId} image={image} disabled={disabled} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('establishmentPage.gallery.added', { date: format.date(image.createdAt) })}
            </Typography>
            <Tooltip title={t('establishmentPage.gallery.delete')}>
              <span>
                <IconButton
                  aria-label={t('establishmentPage.gallery.delete')}
                  onClick={() => setConfirming(true)}
                  disabled={disabled}
                  color="error"
                  size="small"
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </Stack>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('establishmentPage.gallery.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('establishmentPage.gallery.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('establishmentPage.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={onDelete} loading={remove.isPending}>
            {t('establishmentPage.gallery.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
