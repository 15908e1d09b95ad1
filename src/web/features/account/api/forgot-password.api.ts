import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import * as contracts from '../../../../shared/contracts/account.contracts';
import type { ForgotPasswordBodySchema } from '../../../../shared/schemas/account.schema';
import { callApi } from '../../../lib/call-api';

export type ForgotPasswordBody = z.output<typeof ForgotPasswordBodySchema>;

/** Ask for a reset link (contract forgotPassword): the answer is the same whether the account exists or not. */
export const requestPasswordReset = (body: ForgotPasswordBody) => callApi(contracts.forgotPassword, { body });

/** Ask for a link to set a new password. */
export const useForgotPassword = () => useMutation({ mutationFn: requestPasswordReset });
