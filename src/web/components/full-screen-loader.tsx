import { Box, CircularProgress } from '@mui/material';

/** Shown while the stored session is restored and while a page's code loads. */
export function FullScreenLoader() {
  return (
    <Box
      role="progressbar"
      aria-busy="true"
      aria-label="Loading"
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
