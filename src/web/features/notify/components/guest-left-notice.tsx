import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { GuestLeftState } from '../../../components/guest-leave';
import { useSession } from '../../../lib/session';

/**
 * On the business's public page after a guest stopped the notifications of its last business (or of
 * all of them, useGuestLeave): the server deleted the guest, so the session ends here (on a public
 * page: no sign-in page takes over), and the page says that nothing about the device is kept.
 */
export function GuestLeftNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const { user, forget } = useSession();
  const state = useLocation().state as Partial<GuestLeftState> | null;
  const left = state?.guestLeft === true;
  const signedInAsGuest = user?.guest === true;
  useEffect(() => {
    if (left && signedInAsGuest) forget();
  }, [left, signedInAsGuest, forget]);
  if (!left) return null;
  return (
    <Alert severity="success" sx={{ mt: 3, maxWidth: 720 }}>
      {state?.all ? t('notify.stop.leftAll') : t('notify.stop.left', { name })}
    </Alert>
  );
}
