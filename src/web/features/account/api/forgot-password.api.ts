import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Message } from '../../../../shared/errors';
import type { ForgotPasswordBodySchema } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';

export type ForgotPasswordBody = z.output<typeof ForgotPasswordBodySchema>;

/** POST /api/account/forgot-password: the answer is the same whether the account exists or not. */
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  api<Message>('/api/account/forgot-password', { method: 'POST', body });

/** Ask for a link to set a new password. */
export const useForgotPassword = () => useMutation({ mutationFn: requestPasswordReset });
