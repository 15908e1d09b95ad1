import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_SIZE, coverUrl } from '../../../../lib/media-urls';

/** The cover's shape: wide on desktop, a little taller on phones so it still reads as a picture. */
export const COVER_ASPECT = { xs: '2 / 1', sm: '8 / 3' } as const;

/**
 * The business's wide cover picture. Behind it (and instead of it, when there is none) a soft
 * brand-coloured gradient, so the page never shows an empty hole while the picture arrives.
 */
export function EstablishmentCover({
  name,
  cover,
  strip = false,
  children,
}: {
  name: string;
  cover: string | null;
  /** Fill the parent's height (a banner strip) instead of keeping the cover's shape. */
  strip?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const src = coverUrl(cover);
  return (
    <Box
      sx={(theme) => ({
        position: 'relative',
        ...(strip
          ? { height: '100%' }
          : {
              aspectRatio: COVER_ASPECT,
              maxHeight: 400,
              borderRadius: { xs: 0, lg: '0 0 20px 20px' },
            }),
        width: '100%',
        overflow: 'hidden',
        background: [
          `radial-gradient(circle at 15% 20%, ${alpha('#fff', 0.22)} 0, transparent 38%)`,
          `radial-gradient(circle at 85% 85%, ${alpha(theme.palette.secondary.main, 0.55)} 0, transparent 45%)`,
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
        ].join(', '),
      })}
    >
      {src && (
        <Box
          component="img"
          src={src}
          alt={t('publicPage.coverAlt', { name })}
          width={COVER_SIZE.width}
          height={COVER_SIZE.height}
          fetchPriority="high"
          decoding="async"
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {children}
    </Box>
  );
}
