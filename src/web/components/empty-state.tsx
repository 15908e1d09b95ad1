import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A centred icon, title and explanation for a list with nothing in it yet. */
export function EmptyState({ icon, title, text, action }: Props) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
      <Box
        aria-hidden
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          '& svg': { fontSize: 36 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>{text}</Typography>
      {action}
    </Stack>
  );
}
