import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Shown while the stored session is restored and while a page's code loads. */
export function FullScreenLoader() {
  // Never suspends: it is itself the fallback while things load.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box
      role="progressbar"
      aria-busy="true"
      aria-label={t('loading')}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress />
    </Box>
  );
}
