import { Stack } from '@mui/material';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';

/** Security tab: change password, sign out on all devices, delete the account. */
export function SecurityTab() {
  return (
    <Stack spacing={3}>
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <DeleteAccountCard />
    </Stack>
  );
}
