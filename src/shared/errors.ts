import { z } from 'zod';

/** Stable machine-readable error codes; the web app translates by code. */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  TOKEN_INVALID: 'TOKEN_INVALID',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  RATE_LIMITED: 'RATE_LIMITED',
  ESTABLISHMENT_BLOCKED: 'ESTABLISHMENT_BLOCKED',
  ESTABLISHMENT_INACTIVE: 'ESTABLISHMENT_INACTIVE',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every error answer (DESIGN.md section 4). */
export const ErrorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A body that only carries a human message. */
export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;
