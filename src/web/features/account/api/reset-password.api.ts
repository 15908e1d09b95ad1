import { useMutation } from '@tanstack/react-query';
import * as contracts from '../../../../shared/contracts/account.contracts';
import type { ResetPasswordBody } from '../../../../shared/schemas/account.schema';
import { callApi } from '../../../lib/call-api';

/** Set a new password with the emailed token (contract resetPassword). */
export const resetPassword = (body: ResetPasswordBody) => callApi(contracts.resetPassword, { body });

/** Set a new password from an emailed link. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
