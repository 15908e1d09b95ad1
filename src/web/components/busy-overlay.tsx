import { Box, CircularProgress } from '@mui/material';

interface Props {
  /** The spinner's accessible name (say, "Uploading"). */
  label: string;
  /** The spinner's size; MUI's default when not given. */
  size?: number;
  /** Matches the corners of the picture it covers. */
  borderRadius?: number;
}

/** A dimmed veil over a picture with a spinner, so the spinner reads on any picture. */
export function BusyOverlay({ label, size, borderRadius }: Props) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius,
        bgcolor: 'rgba(0, 0, 0, 0.45)',
        color: 'common.white',
      }}
    >
      <CircularProgress color="inherit" size={size} aria-label={label} />
    </Box>
  );
}
