import CheckOutlined from '@mui/icons-material/CheckOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { Button, Link, ListItemIcon, Menu, MenuItem, Skeleton, Stack } from '@mui/material';
import { type SnackbarKey, useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PublicEstablishment } from '../../../../../shared/schemas/establishment.schema';
import { VISIT_SOURCE_PARAM } from '../../../../../shared/schemas/report-sources';
import { isGuestsLastFollow, useGuestLeave } from '../../../../components/guest-leave';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useSession } from '../../../../lib/session';
import { translateMessage } from '../../../../lib/translate-message';
import { useCan } from '../../../../lib/use-can';
import { useMenuButton } from '../../../../lib/use-menu-button';
import { rememberedVisitSource } from '../../../../lib/visit-source';
import { useFollow } from '../../api/public-establishment.api';
import { useShareLink } from '../../use-share-link';
import { GuestFollowButton, GuestFollowStatus, useGuestFollow } from './guest-follow';
import { OpenDashboardButton } from './open-dashboard-button';

const BUTTON_HEIGHT = 48;
const GROW = { minHeight: BUTTON_HEIGHT, flexGrow: 1, minWidth: { md: 180 } };

/** Who looks at the page, as far as the follow button is concerned. */
export type FollowRelation = 'unknown' | 'guest' | 'user' | 'following' | 'operator';

/** The viewer's relation to the business, from the page's answer and the session. */
export function useFollowRelation(establishment: PublicEstablishment): FollowRelation {
  const { status } = useSession();
  const can = useCan();
  const { viewer } = establishment;
  // Admins manage every business: they get its dashboard rather than a follow button.
  if (viewer?.operating || (status === 'authenticated' && can('user:admin'))) return 'operator';
  if (viewer?.following) return 'following';
  if (status === 'restoring') return 'unknown';
  return status === 'authenticated' ? 'user' : 'guest';
}

/**
 * Follow, or unfollow; the answer's message goes in a snackbar. An unfollow's snackbar offers "Undo",
 * which follows again (a new follow: the business's choice of channel starts again from automatic).
 */
export function useFollowToggle(establishment: PublicEstablishment) {
  const { t } = useTranslation();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const follow = useFollow(establishment.id, rememberedVisitSource(establishment.publicId, establishment.id));
  const toggle = (on: boolean) =>
    follow.mutate(on, {
      onSuccess: ({ message }) =>
        enqueueSnackbar(translateMessage(t, message), {
          variant: 'success',
          ...(on
            ? {}
            : {
                // Time enough to read it and reach the button.
                autoHideDuration: 8000,
                action: (key: SnackbarKey) => (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      closeSnackbar(key);
                      toggle(true);
                    }}
                  >
                    {t('publicPage.undoUnfollow')}
                  </Button>
                ),
              }),
        }),
      onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
    });
  return { toggle, pending: follow.isPending };
}

/**
 * The page's main actions: for someone not signed in "Get notifications" (one tap, no account), then
 * follow with email (register and follow in one step) or sign in; Following with an Unfollow option,
 * Open dashboard for its operators; and Share.
 */
export function FollowActions({ establishment }: { establishment: PublicEstablishment }) {
  const { t } = useTranslation();
  const share = useShareLink();
  const relation = useFollowRelation(establishment);
  const guestFollow = useGuestFollow(establishment);
  const offersGuestFollow = relation === 'guest' && establishment.status === 'active';
  const { publicId, name, subheader } = establishment;

  const onShare = () =>
    share({
      url: `${window.location.origin}/${publicId}?${VISIT_SOURCE_PARAM}=share`,
      title: name,
      text: subheader || t('publicPage.shareText', { name, appName: t('appName') }),
    });

  return (
    <Stack
      spacing={1.5}
      sx={{ width: { xs: '100%', md: 'auto' }, alignItems: { xs: 'stretch', md: 'flex-end' } }}
    >
      <Stack direction="row" spacing={1.5}>
        {offersGuestFollow ? (
          <GuestFollowButton state={guestFollow.state} onClick={guestFollow.start} grow={GROW} />
        ) : (
          <PrimaryAction establishment={establishment} relation={relation} />
        )}
        <Button
          variant="outlined"
          size="large"
          startIcon={<ShareOutlined />}
          onClick={onShare}
          sx={{ minHeight: BUTTON_HEIGHT, flexShrink: 0 }}
        >
          {t('publicPage.share')}
        </Button>
      </Stack>
      {offersGuestFollow && (
        <>
          <GuestFollowStatus state={guestFollow.state} />
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: { xs: 'center', md: 'flex-end' } }}
          >
            <Link component={RouterLink} to={`/${publicId}/register`} variant="body2">
              {t('guestFollow.withEmail')}
            </Link>
            <Link component={RouterLink} to="/login" state={{ from: `/${publicId}` }} variant="body2">
              {t('publicPage.haveAccount')}
            </Link>
          </Stack>
        </>
      )}
    </Stack>
  );
}

function PrimaryAction({
  establishment,
  relation,
}: {
  establishment: PublicEstablishment;
  relation: FollowRelation;
}) {
  const { t } = useTranslation();
  const { toggle, pending } = useFollowToggle(establishment);
  const grow = GROW;
  const inactive = establishment.status === 'inactive';

  switch (relation) {
    case 'unknown':
      return (
        <Skeleton variant="rounded" height={BUTTON_HEIGHT} sx={{ flexGrow: 1, minWidth: { md: 180 } }} />
      );
    case 'operator':
      return <OpenDashboardButton establishmentId={establishment.id} sx={grow} />;
    case 'following':
      return <Following establishment={establishment} onUnfollow={() => toggle(false)} pending={pending} />;
    case 'guest':
      return inactive ? (
        <FollowButton disabled />
      ) : (
        <Button
          component={RouterLink}
          to={`/${establishment.publicId}/register`}
          variant="contained"
          size="large"
          startIcon={<NotificationsActiveOutlined />}
          sx={grow}
        >
          {t('publicPage.follow')}
        </Button>
      );
    default:
      return <FollowButton disabled={inactive || pending} onClick={() => toggle(true)} />;
  }
}

function FollowButton({ disabled, onClick }: { disabled?: boolean; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<NotificationsActiveOutlined />}
      disabled={disabled}
      onClick={onClick}
      sx={{ minHeight: BUTTON_HEIGHT, flexGrow: 1, minWidth: { md: 180 } }}
    >
      {t('publicPage.follow')}
    </Button>
  );
}

/**
 * A follower's button. A guest's last follow unfollows as the post page's stop does: it asks first,
 * since nothing about the device is kept after it (useGuestLeave); any other follow at once, with Undo.
 */
function Following({
  establishment,
  onUnfollow,
  pending,
}: {
  establishment: PublicEstablishment;
  onUnfollow: () => void;
  pending: boolean;
}) {
  const { user } = useSession();
  const leave = useGuestLeave({ establishment });
  const last = isGuestsLastFollow(user, establishment.id);
  return (
    <>
      <FollowingButton onUnfollow={last ? leave.ask : onUnfollow} pending={pending || leave.pending} />
      {leave.dialog}
    </>
  );
}

/** "Following", with a small menu that holds Unfollow (so it is not pressed by accident). */
function FollowingButton({ onUnfollow, pending }: { onUnfollow: () => void; pending: boolean }) {
  const { t } = useTranslation();
  const { button, menu, close } = useMenuButton();
  return (
    <>
      <Button
        variant="outlined"
        color="success"
        size="large"
        startIcon={<CheckOutlined />}
        endIcon={<KeyboardArrowDownOutlined />}
        disabled={pending}
        {...button}
        sx={{ minHeight: BUTTON_HEIGHT, flexGrow: 1, minWidth: { md: 180 } }}
      >
        {t('publicPage.following')}
      </Button>
      <Menu {...menu}>
        <MenuItem
          onClick={() => {
            close();
            onUnfollow();
          }}
        >
          <ListItemIcon>
            <NotificationsOffOutlined fontSize="small" />
          </ListItemIcon>
          {t('publicPage.unfollow')}
        </MenuItem>
      </Menu>
    </>
  );
}
