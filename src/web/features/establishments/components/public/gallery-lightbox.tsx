import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, Dialog, IconButton, Stack, Typography, useMediaQuery } from '@mui/material';
import { type Theme, useTheme } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../../../../shared/schemas/establishment.schema';
import { galleryImageUrl } from '../../../../lib/media-urls';

/** One gallery picture, large, with its caption; arrows (buttons or keys) move through the gallery. */
export function GalleryLightbox({
  images,
  index,
  altOf,
  onChange,
}: {
  images: GalleryImage[];
  index: number | null;
  altOf: (image: GalleryImage, index: number) => string;
  onChange: (index: number | null) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery((th: Theme) => th.breakpoints.down('sm'));
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const rtl = theme.direction === 'rtl';
  const step = (by: number) => index !== null && onChange((index + by + count) % count);
  const close = () => onChange(null);

  // Arrow keys follow the reading direction.
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') step(rtl ? -1 : 1);
    if (event.key === 'ArrowLeft') step(rtl ? 1 : -1);
  };

  const caption = image && index !== null ? image.caption : '';
  const titleId = 'gallery-lightbox-caption';
  const navButton = {
    bgcolor: 'rgba(0,0,0,0.45)',
    color: '#fff',
    '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' },
  };

  return (
    <Dialog
      open={Boolean(image)}
      onClose={close}
      fullScreen={phone}
      maxWidth="lg"
      onKeyDown={onKeyDown}
      aria-label={image && index !== null ? altOf(image, index) : undefined}
      aria-describedby={caption ? titleId : undefined}
      slotProps={{ paper: { sx: { bgcolor: '#0B0D12', color: '#fff', overflow: 'hidden' } } }}
    >
      {image && index !== null && (
        <Stack sx={{ height: phone ? '100%' : 'auto', minHeight: 0 }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 1, gap: 1 }}
          >
            <Typography variant="body2" sx={{ opacity: 0.8, px: 1 }}>
              {t('publicPage.gallery.counter', { index: index + 1, count })}
            </Typography>
            <IconButton onClick={close} aria-label={t('publicPage.gallery.close')} sx={{ color: '#fff' }}>
              <CloseOutlined />
            </IconButton>
          </Stack>
          <Box
            sx={{
              position: 'relative',
              flexGrow: 1,
              minHeight: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Box
              component="img"
              key={image.id}
              src={galleryImageUrl(image.image)}
              alt={altOf(image, index)}
              width={image.width}
              height={image.height}
              sx={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: phone ? '100%' : 'calc(100vh - 200px)',
                width: 'auto',
                height: 'auto',
                objectFit: 'contain',
              }}
            />
            {count > 1 && (
              <>
                <IconButton
                  onClick={() => step(-1)}
                  aria-label={t('publicPage.gallery.previous')}
                  sx={{ ...navButton, position: 'absolute', insetInlineStart: 8 }}
                >
                  {rtl ? <ChevronRightOutlined /> : <ChevronLeftOutlined />}
                </IconButton>
                <IconButton
                  onClick={() => step(1)}
                  aria-label={t('publicPage.gallery.next')}
                  sx={{ ...navButton, position: 'absolute', insetInlineEnd: 8 }}
                >
                  {rtl ? <ChevronLeftOutlined /> : <ChevronRightOutlined />}
                </IconButton>
              </>
            )}
          </Box>
          <Typography
            id={titleId}
            sx={{ px: 3, py: 2, minHeight: 56, textAlign: 'center', color: caption ? '#fff' : 'transparent' }}
          >
            {caption}
          </Typography>
        </Stack>
      )}
    </Dialog>
  );
}
