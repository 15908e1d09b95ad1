import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import { ApiError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';
import { useSession } from '../../../lib/session';
import { fetchCurrentUser } from './current-user.api';

/**
 * Use a single-use verification token (contract verifyEmail), with this device's session if any.
 * A session the server no longer knows answers 401 before the token is looked at: the session is
 * then cleared (api-client), and the link is tried once more as a guest's.
 */
export const verifyEmail = (token: string) =>
  callApi(contracts.verifyEmail, { body: { token } }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      return callApi(contracts.verifyEmail, { body: { token } });
    }
    throw error;
  });

/** Email a fresh verification link to the signed-in user (contract resendVerification). */
export const resendVerification = () => callApi(contracts.resendVerification, {});

/**
 * Verify an email address with its token. A signed-in user is re-read afterwards: with the old
 * "not verified" flag, /redirect would send them back to /waiting. On a device with no session the
 * server may sign the person in (a fresh link): that session is taken here.
 */
export function useVerifyEmail() {
  const { status, setUser, adopt } = useSession();
  return useMutation({
    mutationFn: async (token: string) => {
      const answer = await verifyEmail(token);
      if (answer.accessToken && answer.user) adopt(answer.accessToken, answer.user);
      else if (status === 'authenticated') {
        // The verification itself succeeded; a failed re-read only leaves the old flag in place.
        await fetchCurrentUser().then(setUser, () => undefined);
      }
      return answer;
    },
  });
}

/** Send the verification email again. */
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
