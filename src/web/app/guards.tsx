import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { can, type Right } from '../../shared/permissions';
import { FullScreenLoader } from '../components/full-screen-loader';
import { NotAllowed } from '../components/not-allowed';
import { onEmailNotVerified } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useCan } from '../lib/use-can';

/**
 * Only for guests: a signed-in user is sent to /redirect, or back to the page the AuthGuard sent
 * them here from. The sign-in page navigates there itself; going anywhere else here would race it.
 * A guest follower (a device without an account) may sign in or register: that merges it in.
 */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <FullScreenLoader />;
  if (status === 'authenticated' && !user?.guest) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from ?? '/redirect'} replace />;
  }
  return children;
}

/**
 * Only for signed-in users: a guest is sent to /login, and back here after signing in. A 403
 * EMAIL_NOT_VERIFIED from the API sends the user to /waiting: the server knows better than the
 * stored user (an email changed in another tab), so the stored flag is turned off first, else
 * /waiting would send them straight back.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { status, user, setUser } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(
    () =>
      onEmailNotVerified(() => {
        // A guest follower has no email to confirm: /waiting would hold them with nothing to do.
        if (user?.guest) return;
        if (user?.emailVerified) setUser({ ...user, emailVerified: false });
        navigate('/waiting', { replace: true });
      }),
    [user, setUser, navigate],
  );
  if (status === 'restoring') return <FullScreenLoader />;
  if (status === 'guest')
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Only for users whom can() gives this right; others see a not-allowed state in the frame. */
export function RightGuard({ right, children }: { right: Right; children: ReactNode }) {
  const allowed = useCan()(right);
  if (!allowed) return <NotAllowed />;
  return children;
}

/**
 * For screens whose right needs a confirmed email (a feed): a user whom can() refuses only for
 * that is sent to /waiting; anyone else sees the screen, which answers for itself.
 */
export function VerifiedGuard({ right, children }: { right: Right; children: ReactNode }) {
  const { user } = useSession();
  if (user && !can(user, right) && can({ ...user, emailVerified: true }, right))
    return <Navigate to="/waiting" replace />;
  return children;
}
