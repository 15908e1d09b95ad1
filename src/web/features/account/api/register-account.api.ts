import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterBody, RegisterResponseSchema } from '../../../../shared/schemas/account.schema';
import { api } from '../../../lib/api-client';

export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** POST /api/account/register: creates a customer; the password arrives by email. */
export const registerAccount = (body: RegisterBody) =>
  api<RegisterResponse>('/api/account/register', { method: 'POST', body });

/** Register a new customer account. */
export const useRegisterAccount = () => useMutation({ mutationFn: registerAccount });
