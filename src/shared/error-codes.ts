// Without zod, so the web app can use the codes without loading the schema library.
/** Stable machine-readable error codes; the web app translates by code. */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  /** Signed in, but the email address is not confirmed yet: the web app sends them to /waiting. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  NOT_FOUND: 'NOT_FOUND',
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  TOKEN_INVALID: 'TOKEN_INVALID',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  CURRENT_PASSWORD_REQUIRED: 'CURRENT_PASSWORD_REQUIRED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  RATE_LIMITED: 'RATE_LIMITED',
  ESTABLISHMENT_BLOCKED: 'ESTABLISHMENT_BLOCKED',
  ESTABLISHMENT_INACTIVE: 'ESTABLISHMENT_INACTIVE',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** The post's or its establishment's comments are turned off. */
  COMMENTS_DISABLED: 'COMMENTS_DISABLED',
  /** The business turned the user's comments off. */
  COMMENTS_MUTED: 'COMMENTS_MUTED',
  /** An invitation to operate was for another address than the signed-in user's. */
  INVITATION_OTHER_EMAIL: 'INVITATION_OTHER_EMAIL',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
