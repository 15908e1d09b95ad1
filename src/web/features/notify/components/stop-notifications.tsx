import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { type SnackbarKey, useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotifyChoice } from '../../../../shared/schemas/channels';
import { isGuestsLastFollow, useGuestLeave } from '../../../components/guest-leave';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useMyFollows, useSetNotifyChoice } from '../api/follows.api';
import { useGuestUnfollow } from '../api/stop.api';

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
export function StopNotifications({
  establishment,
  asked = false,
}: {
  establishment: StoppedBusiness;
  /** Opened from a notification's "Stop notifications" (?stop=1): this control comes forward. */
  asked?: boolean;
}) {
  const { user } = useSession();
  const customerOf = (id: string) =>
    user?.establishments.some((m) => m.establishmentId === id && m.kind === 'customer') ?? false;
  if (!user || !customerOf(establishment.id)) return null;
  return user.guest ? (
    <GuestStop establishment={establishment} asked={asked} />
  ) : (
    <AccountStop establishment={establishment} asked={asked} />
  );
}

/** An account: feed only (nothing rings, nothing is emailed), and back to the choice before. */
function AccountStop({ establishment, asked }: { establishment: StoppedBusiness; asked: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const follows = useMyFollows();
  const save = useSetNotifyChoice();
  // The choice before "Stop", for Undo and "Turn back on"; automatic when it was feed only already.
  const [previous, setPrevious] = useState<NotifyChoice>('auto');
  const follow = follows.data?.items.find((item) => item.establishment.id === establishment.id);
  const button = useRef<HTMLButtonElement>(null);
  const shown = useRef(false);
  const loaded = follow !== undefined;
  useEffect(() => {
    if (!asked || !loaded || shown.current) return;
    shown.current = true;
    bringForward(button.current);
  }, [asked, loaded]);
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
        ref={button}
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
function GuestStop({ establishment, asked }: { establishment: StoppedBusiness; asked: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const unfollow = useGuestUnfollow();
  const leave = useGuestLeave({ establishment });
  const button = useRef<HTMLButtonElement>(null);
  const last = isGuestsLastFollow(user, establishment.id);
  const { name, publicId } = establishment;
  const pending = unfollow.isPending || leave.pending;

  // Opened by a notification's "Stop notifications" (?stop=1): the last follow's confirmation at
  // once, else the button, focused.
  const shown = useRef(false);
  useEffect(() => {
    if (!asked || shown.current) return;
    shown.current = true;
    if (last) leave.ask();
    else bringForward(button.current);
  }, [asked, last, leave]);

  const run = async () => {
    try {
      await unfollow.mutateAsync(establishment.id);
    } catch (failure) {
      enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
      return;
    }
    enqueueSnackbar(t('notify.stop.unfollowed', { name }), { variant: 'success' });
    await navigate(`/${encodeURIComponent(publicId)}`, { replace: true });
  };

  return (
    <>
      <Button
        ref={button}
        variant="outlined"
        startIcon={<NotificationsOffOutlined />}
        aria-disabled={pending}
        onClick={() => {
          if (pending) return;
          if (last) leave.ask();
          else void run();
        }}
        sx={{ alignSelf: 'flex-start', textAlign: 'start' }}
      >
        {t('notify.stop.button', { name })}
      </Button>
      {leave.dialog}
    </>
  );
}

/** Scrolled to and focused: the control a notification's "Stop notifications" opened the page for. */
function bringForward(element: HTMLElement | null) {
  element?.scrollIntoView?.({ block: 'center' });
  element?.focus();
}
