import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Alert, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isLanguage } from '../../../../../shared/i18n/languages';
import { Msg } from '../../../../../shared/messages';
import type { PublicEstablishment } from '../../../../../shared/schemas/establishment.schema';
import { ApiError } from '../../../../lib/api-client';
import { apiErrorText } from '../../../../lib/api-error-text';
import { followAsGuestHere, type GuestFollowOutcome } from '../../../../lib/guest-follow';
import { isIosBrowserTab } from '../../../../lib/ios-browser-tab';
import { refreshPushState } from '../../../../lib/push-state';
import { useSession } from '../../../../lib/session';
import { rememberedVisitSource } from '../../../../lib/visit-source';

/** Where a one-tap follow stands: not tapped, the browser asking, or how it ended (short of "on"). */
export type GuestFollowState =
  | { kind: 'idle' | 'asking' | 'ios' }
  | Exclude<GuestFollowOutcome, { kind: 'on' }>;

/**
 * "Get notifications" for someone not signed in: the browser's question, the device subscribed, the
 * business followed as a guest, the guest's session kept as a sign-in keeps it. On an iPhone outside
 * the Home Screen app, the install steps come first (push exists only there).
 */
export function useGuestFollow(establishment: PublicEstablishment) {
  const { t, i18n } = useTranslation();
  const { adopt } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<GuestFollowState>({ kind: 'idle' });
  const { id, publicId } = establishment;

  const start = async () => {
    if (isIosBrowserTab()) return setState({ kind: 'ios' });
    setState({ kind: 'asking' });
    const source = rememberedVisitSource(publicId, id);
    const language = i18n.resolvedLanguage;
    const outcome = await followAsGuestHere({
      establishmentId: publicId,
      ...(source ? { source } : {}),
      ...(isLanguage(language) ? { language } : {}),
    });
    if (outcome.kind !== 'on') return setState(outcome);
    adopt(outcome.answer.accessToken, outcome.answer.user);
    void refreshPushState();
    enqueueSnackbar(t('push.turnedOn'), { variant: 'success' });
    setState({ kind: 'idle' });
  };
  return { state, start: () => void start() };
}

/** The primary action of the page for someone not signed in. */
export function GuestFollowButton({
  state,
  onClick,
  grow,
}: {
  state: GuestFollowState;
  onClick: () => void;
  grow: object;
}) {
  const { t } = useTranslation();
  const asking = state.kind === 'asking';
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={asking ? <CircularProgress size={20} color="inherit" /> : <NotificationsActiveOutlined />}
      disabled={asking}
      onClick={onClick}
      sx={grow}
    >
      {t('guestFollow.button')}
    </Button>
  );
}

/** What happened after the tap, in words, with the way on (sign in, or follow with email below). */
export function GuestFollowStatus({ state }: { state: GuestFollowState }) {
  const { t } = useTranslation();
  const box = { maxWidth: { md: 420 }, textAlign: 'start' } as const;
  switch (state.kind) {
    case 'idle':
      return null;
    case 'asking':
      return (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('guestFollow.asking')}
        </Typography>
      );
    case 'refused':
      if (state.status === 409) {
        return (
          <Alert
            severity="info"
            sx={box}
            action={
              <Link component={RouterLink} to="/login" state={{ from: window.location.pathname }}>
                {t('guestFollow.signIn')}
              </Link>
            }
          >
            {t('guestFollow.deviceHasAccount')}
          </Alert>
        );
      }
      return (
        <Alert severity="error" sx={box}>
          {state.status === 429 && state.message === Msg.guestFollowsLimited
            ? t('guestFollow.limited')
            : apiErrorText(t, new ApiError(state.status, state.code, state.message))}
        </Alert>
      );
    default:
      return (
        <Alert severity={state.kind === 'failed' ? 'error' : 'warning'} sx={box}>
          {t(`guestFollow.${state.kind}`)}
        </Alert>
      );
  }
}
