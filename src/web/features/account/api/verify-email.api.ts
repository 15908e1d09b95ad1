import { useMutation } from '@tanstack/react-query';
import type { Message } from '../../../../shared/errors';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { fetchCurrentUser } from './current-user.api';

/** POST /api/account/verify: use a single-use verification token. */
export const verifyEmail = (token: string) =>
  api<Message>('/api/account/verify', { method: 'POST', body: { token } });

/** POST /api/account/verify/resend: email a fresh verification link to the signed-in user. */
export const resendVerification = () => api<Message>('/api/account/verify/resend', { method: 'POST' });

/**
 * Verify an email address with its token. A signed-in user is re-read afterwards: with the old
 * "not verified" flag, /redirect would send them back to /waiting.
 */
export function useVerifyEmail() {
  const { status, setUser } = useSession();
  return useMutation({
    mutationFn: async (token: string) => {
      const answer = await verifyEmail(token);
      if (status === 'authenticated') {
        // The verification itself succeeded; a failed re-read only leaves the old flag in place.
        await fetchCurrentUser().then(setUser, () => undefined);
      }
      return answer;
    },
  });
}

/** Send the verification email again. */
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
