import { Box, Skeleton, Stack } from '@mui/material';

/** Placeholder rows of a phone list while it loads: a picture and two lines of text each. */
export function ListSkeleton({ rows, picture }: { rows: number; picture: 'rounded' | 'circular' }) {
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Stack key={row} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Skeleton variant={picture} width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
