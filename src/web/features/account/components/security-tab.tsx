import { Stack } from '@mui/material';
import { AdminActivityCard } from './admin-activity-card';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';

/** Security tab: change password, sign out on all devices, what admins did in the account, delete it. */
export function SecurityTab() {
  return (
    <Stack spacing={3}>
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <AdminActivityCard />
      <DeleteAccountCard />
    </Stack>
  );
}
