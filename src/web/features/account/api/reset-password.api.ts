import { useMutation } from '@tanstack/react-query';
import type { Message } from '../../../../shared/errors';
import type { ResetPasswordBody } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';

/** POST /api/account/reset-password: set a new password with the emailed token. */
export const resetPassword = (body: ResetPasswordBody) =>
  api<Message>('/api/account/reset-password', { method: 'POST', body });

/** Set a new password from an emailed link. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
