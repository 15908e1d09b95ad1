import { z } from 'zod';

export { ErrorCode } from './error-codes';

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
