import { Box, Stack } from '@mui/material';
import type { User } from '../../../../shared/schemas/account.schema';
import { AccountSummaryCard } from './account-summary-card';
import { AvatarCard } from './avatar-card';
import { DevicesCard } from './devices-card';

/** General tab: the picture beside a read-only account summary (stacked on phones), then the user's devices. */
export function GeneralTab({ user }: { user: User }) {
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          alignItems: 'start',
        }}
      >
        <AvatarCard user={user} />
        <AccountSummaryCard user={user} />
      </Box>
      <DevicesCard />
    </Stack>
  );
}
