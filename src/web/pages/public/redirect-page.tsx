import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { redirectTarget } from '../../lib/redirect-target';
import { useSession } from '../../lib/session';

/** /redirect: sends each user where they belong (DESIGN.md section 4). */
export function RedirectPage() {
  const { status, user } = useSession();
  if (status === 'restoring') return <FullScreenLoader />;
  return <Navigate to={redirectTarget(user)} replace />;
}
