import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '../../../shared/schemas/account.schema';
import { useSession } from '../../lib/session';

/**
 * Take a session the server issued ("log in as", or the way back) as sign-in takes one: the token
 * and the user are stored, then `to` opens. What was cached for the previous user is dropped, so
 * no screen shows one account's data to the other.
 */
export function useSwitchSession() {
  const { setToken, setUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return ({ user, accessToken }: LoginResponse, to: string) => {
    setToken(accessToken);
    queryClient.removeQueries();
    setUser(user);
    navigate(to, { replace: true });
  };
}
