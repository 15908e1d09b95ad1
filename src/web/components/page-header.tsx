import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the end side; they wrap under the title on phones. */
  actions?: ReactNode;
  /** A link back to the parent page, above the title. */
  back?: { to: string; label: string };
  /** Shown before the title, e.g. a logo. */
  avatar?: ReactNode;
}

/** A page's title row: optional back link, avatar, title, subtitle and actions. */
export function PageHeader({ title, subtitle, actions, back, avatar }: Props) {
  return (
    <Stack spacing={1}>
      {back && (
        <Box>
          <Button
            component={RouterLink}
            to={back.to}
            size="small"
            startIcon={
              <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
            }
            sx={{ marginInlineStart: -1 }}
          >
            {back.label}
          </Button>
        </Box>
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          {avatar}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="textSecondary" sx={{ mt: 0.5 }}>
                {subtitle}
              </Typography>
            )}
          </Box>
        </Stack>
        {actions && (
          // Full-width buttons on phones, where a wrapped row of uneven buttons looks unfinished.
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0, alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            {actions}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
