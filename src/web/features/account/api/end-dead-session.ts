import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';

/** Clear the local session after the server has already ended it (logout everywhere, account deleted), then go to /login. */
export function useEndDeadSession() {
  const { forget } = useSession();
  const navigate = useNavigate();
  return () => {
    forget();
    navigate('/login', { replace: true });
  };
}
