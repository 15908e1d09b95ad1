import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { type SnackbarKey, useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotifyChoice } from '../../../../shared/schemas/channels';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useMyFollows, useSetNotifyChoice } from '../api/follows.api';
import { useGuestUnfollow } from '../api/stop.api';
import type { GuestLeftState } from './guest-left-notice';

/** The business a post came from. */
export interface StoppedBusiness {
  id: string;
  publicId: string;
  name: string;
}

/**
 * "Stop notifications from X" under a post, for a follower of its business. An account keeps
 * following: its choice becomes feed only (posts stay in the feed), with Undo. A guest (no account)
 * unfollows; on its last follow the server deletes the guest with this device, so after a
 * confirmation that says so, the device drops its push subscription and the business's public page
 * ends the session and says that nothing is kept (GuestLeftNotice).
 */
export function StopNotifications({ establishment }: { establishment: StoppedBusiness }) {
  const { user } = useSession();
  const customerOf = (id: string) =>
    user?.establishments.some((m) => m.establishmentId === id && m.kind === 'customer') ?? false;
  if (!user || !customerOf(establishment.id)) return null;
  if (!user.guest) return <AccountStop establishment={establishment} />;
  const others = user.establishments.filter(
    (m) => m.kind === 'customer' && m.establishmentId !== establishment.id,
  );
  return <GuestStop establishment={establishment} last={others.length === 0} />;
}

/** An account: feed only (nothing rings, nothing is emailed), and back to the choice before. */
function AccountStop({ establishment }: { establishment: StoppedBusiness }) {
  const { t } = useTranslation();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const follows = useMyFollows();
  const save = useSetNotifyChoice();
  // The choice before "Stop", for Undo and "Turn back on"; automatic when it was feed only already.
  const [previous, setPrevious] = useState<NotifyChoice>('auto');
  const follow = follows.data?.items.find((item) => item.establishment.id === establishment.id);
  if (!follow) return null;
  const { name } = establishment;
  const off = follow.notify === 'feed';

  const restore = async () => {
    try {
      const { message } = await save.mutateAsync({
        establishmentId: establishment.id,
        body: { notify: previous },
      });
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  const stop = async () => {
    const before = follow.notify;
    try {
      await save.mutateAsync({ establishmentId: establishment.id, body: { notify: 'feed' } });
      setPrevious(before);
      enqueueSnackbar(t('notify.stop.stopped', { name }), {
        variant: 'success',
        // Time enough to read it and reach the button.
        autoHideDuration: 8000,
        action: (key: SnackbarKey) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              void save
                .mutateAsync({ establishmentId: establishment.id, body: { notify: before } })
                .then(({ message }) => enqueueSnackbar(translateMessage(t, message), { variant: 'success' }))
                .catch((error: unknown) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }));
            }}
          >
            {t('notify.stop.undo')}
          </Button>
        ),
      });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {off && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notify.stop.off', { name })}
        </Typography>
      )}
      {/* One button in one place, so the keyboard's focus stays on it when it turns into the other. */}
      <Button
        variant="outlined"
        startIcon={off ? <NotificationsActiveOutlined /> : <NotificationsOffOutlined />}
        aria-disabled={save.isPending}
        onClick={() => !save.isPending && void (off ? restore() : stop())}
        sx={{ textAlign: 'start' }}
      >
        {off ? t('notify.stop.turnBackOn') : t('notify.stop.button', { name })}
      </Button>
    </Stack>
  );
}

/** A guest: unfollow; the last follow asks first, as nothing about the device is kept after it. */
function GuestStop({ establishment, last }: { establishment: StoppedBusiness; last: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const unfollow = useGuestUnfollow();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { name, publicId } = establishment;
  const publicPage = `/${encodeURIComponent(publicId)}`;

  const run = async () => {
    setError(null);
    try {
      await unfollow.mutateAsync({ establishmentId: establishment.id, last });
    } catch (failure) {
      if (last) setError(apiErrorText(t, failure));
      else enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
      return;
    }
    if (last) {
      // The server deleted the guest: its public page ends the session here and says so (ended on
      // this page, the sign-in page would take over before the navigation is done).
      const state: GuestLeftState = { guestLeft: true };
      await navigate(publicPage, { replace: true, state });
      return;
    }
    enqueueSnackbar(t('notify.stop.unfollowed', { name }), { variant: 'success' });
    await navigate(publicPage, { replace: true });
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<NotificationsOffOutlined />}
        aria-disabled={unfollow.isPending}
        onClick={() => {
          if (unfollow.isPending) return;
          if (last) setConfirming(true);
          else void run();
        }}
        sx={{ alignSelf: 'flex-start', textAlign: 'start' }}
      >
        {t('notify.stop.button', { name })}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('notify.stop.confirmTitle', { name })}
        text={t('notify.stop.confirmText', { name })}
        confirmLabel={t('notify.stop.confirm')}
        cancelLabel={t('notify.stop.cancel')}
        danger
        pending={unfollow.isPending}
        error={error}
        onConfirm={() => void run()}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
      />
    </>
  );
}
