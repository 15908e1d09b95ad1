import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/session';

/** What the post page's "Stop notifications" hands the business's public page after a guest's last follow. */
export interface GuestLeftState {
  guestLeft: true;
}

/**
 * On the business's public page after a guest stopped the notifications of its last business: the
 * server deleted the guest, so the session ends here (on a public page: no sign-in page takes over),
 * and the page says that nothing about the device is kept.
 */
export function GuestLeftNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  const { user, forget } = useSession();
  const left = (useLocation().state as Partial<GuestLeftState> | null)?.guestLeft === true;
  const signedInAsGuest = user?.guest === true;
  useEffect(() => {
    if (left && signedInAsGuest) forget();
  }, [left, signedInAsGuest, forget]);
  if (!left) return null;
  return (
    <Alert severity="success" sx={{ mt: 3, maxWidth: 720 }}>
      {t('notify.stop.left', { name })}
    </Alert>
  );
}
