import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unfollowEstablishment } from '../../shared/contracts/establishments.contracts';
import { listMyFollows } from '../../shared/contracts/notify.contracts';
import type { User } from '../../shared/schemas/account.schema';
import { apiErrorText } from '../lib/api-error-text';
import { callApi } from '../lib/call-api';
import { dropPushHere } from '../lib/push-subscription';
import { useSession } from '../lib/session';
import { ConfirmDialog } from './confirm-dialog';

/** What a guest's leaving hands the business's public page it lands on (GuestLeftNotice). */
export interface GuestLeftState {
  guestLeft: true;
  /** Every business this device followed was left ("Stop all notifications on this device"). */
  all?: boolean;
}

interface Business {
  id: string;
  publicId: string;
  name: string;
}

/** What a guest leaves: its last business, or every business this device follows. */
export type GuestLeaving = { establishment: Business } | { all: true };

/** Whether `establishmentId` is the last business a guest (no account) follows: leaving it deletes the guest. */
export const isGuestsLastFollow = (user: User | null, establishmentId: string) =>
  user?.guest === true &&
  !user.establishments.some((m) => m.kind === 'customer' && m.establishmentId !== establishmentId);

/**
 * Unfollow each business (the server deletes the guest with its device and session on the last), then
 * drop this device's push subscription. The business whose public page to land on, if any.
 */
async function leave(leaving: GuestLeaving): Promise<Business | null> {
  const businesses =
    'all' in leaving
      ? (await callApi(listMyFollows, {})).items.map((item) => item.establishment)
      : [leaving.establishment];
  for (const { id } of businesses) await callApi(unfollowEstablishment, { params: { id } });
  await dropPushHere();
  return businesses[0] ?? null;
}

/**
 * A guest follower leaves for good: its last follow (the post page's and the public page's stop), or
 * every follow ("Stop all notifications on this device"). A confirmation says first that nothing
 * about the device is kept; then it unfollows, this device drops its push subscription, and a
 * business's public page ends the session and says so (GuestLeftNotice: ended on an app page, the
 * sign-in page would take over before the navigation is done). `ask` opens the confirmation;
 * `dialog` is rendered by the caller.
 */
export function useGuestLeave(leaving: GuestLeaving): {
  ask: () => void;
  pending: boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { forget } = useSession();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: () => leave(leaving) });
  const all = 'all' in leaving;
  const name = all ? '' : leaving.establishment.name;

  const run = async () => {
    setError(null);
    let landing: Business | null;
    try {
      landing = await mutation.mutateAsync();
    } catch (failure) {
      setError(apiErrorText(t, failure));
      return;
    }
    setOpen(false);
    if (!landing) {
      // Nothing was followed any more: the server had deleted the guest already.
      forget();
      await navigate('/', { replace: true });
      return;
    }
    const state: GuestLeftState = { guestLeft: true, ...(all ? { all: true } : {}) };
    await navigate(`/${encodeURIComponent(landing.publicId)}`, { replace: true, state });
  };

  const dialog = (
    <ConfirmDialog
      open={open}
      title={all ? t('notify.stop.allConfirmTitle') : t('notify.stop.confirmTitle', { name })}
      text={all ? t('notify.stop.allConfirmText') : t('notify.stop.confirmText', { name })}
      confirmLabel={t('notify.stop.confirm')}
      cancelLabel={t('notify.stop.cancel')}
      danger
      pending={mutation.isPending}
      error={error}
      onConfirm={() => void run()}
      onClose={() => {
        setOpen(false);
        setError(null);
      }}
    />
  );
  return { ask: () => setOpen(true), pending: mutation.isPending, dialog };
}
