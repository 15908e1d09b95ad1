import { ButtonBase, ImageList, ImageListItem, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '../../../../../shared/schemas/establishment.schema';
import { galleryImageUrl } from '../../../../lib/media-urls';
import { GalleryLightbox } from './gallery-lightbox';

/** The gallery as square tiles (2 columns on phones, 3 wider); a tile opens the picture large. */
export function GalleryGrid({ images, name }: { images: GalleryImage[]; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const altOf = (image: GalleryImage, index: number) =>
    image.caption || t('publicPage.gallery.photoAlt', { index: index + 1, name });

  return (
    <section aria-labelledby="public-gallery-title">
      <Typography id="public-gallery-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('publicPage.gallery.title')}
      </Typography>
      <ImageList cols={wide ? 3 : 2} gap={wide ? 12 : 8} sx={{ m: 0, overflow: 'visible' }}>
        {images.map((image, index) => (
          <ImageListItem key={image.id} sx={{ borderRadius: 2, overflow: 'hidden' }}>
            <ButtonBase
              onClick={() => setOpen(index)}
              aria-label={t('publicPage.gallery.open', { caption: altOf(image, index) })}
              sx={{
                display: 'block',
                width: '100%',
                aspectRatio: '1',
                bgcolor: 'action.hover',
                borderRadius: 2,
                overflow: 'hidden',
                '& img': { transition: 'transform 200ms ease' },
                '&:hover img': { transform: 'scale(1.04)' },
                '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 },
              }}
            >
              <img
                src={galleryImageUrl(image.image)}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          </ImageListItem>
        ))}
      </ImageList>
      <GalleryLightbox images={images} index={open} altOf={altOf} onChange={setOpen} />
    </section>
  );
}
