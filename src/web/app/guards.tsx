import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Right } from '../../shared/permissions';
import { FullScreenLoader } from '../components/full-screen-loader';
import { NotAllowed } from '../components/not-allowed';
import { useSession } from '../lib/session';
import { useCan } from '../lib/use-can';

/**
 * Only for guests: a signed-in user is sent to /redirect, or back to the page the AuthGuard sent
 * them here from. The sign-in page navigates there itself; going anywhere else here would race it.
 */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <FullScreenLoader />;
  if (status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from ?? '/redirect'} replace />;
  }
  return children;
}

/** Only for signed-in users: a guest is sent to /login, and back here after signing in. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
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
