import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import * as contracts from '../../../../shared/contracts/account.contracts';
import type { RegisterBody, RegisterResponseSchema } from '../../../../shared/schemas/account.schema';
import { callApi } from '../../../lib/call-api';

export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** Create a customer (contract registerAccount); the password arrives by email. */
export const registerAccount = (body: RegisterBody) => callApi(contracts.registerAccount, { body });

/** Register a new customer account. */
export const useRegisterAccount = () => useMutation({ mutationFn: registerAccount });
