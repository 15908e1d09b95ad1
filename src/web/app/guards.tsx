import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useSession } from '../lib/session';

/** Only for guests: a signed-in user is sent to /redirect. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'restoring') return <FullScreenLoader />;
  if (status === 'authenticated') return <Navigate to="/redirect" replace />;
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
