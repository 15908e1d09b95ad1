import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { AppError } from '../lib/app-error';
import { scrubError } from '../lib/log-safety';

/** Field path of a validation issue: "/email" -> "email", "/items/0/name" -> "items.0.name". */
const fieldOf = (instancePath: string, missingProperty?: unknown) => {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || 'body';
};

/** Every error leaves as `{ error, code, fields? }` with a fitting status and never a stack trace. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(
          issue.instancePath,
          (issue.params as { missingProperty?: unknown })?.missingProperty,
        );
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send({ error: first, code: ErrorCode.VALIDATION, fields } satisfies ErrorBody);
    }
    // PostgreSQL refuses some text (a NUL character, bad encoding): that is bad input, not our failure.
    const pgCode = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.status(400).send({
        error: 'Contains a character that is not allowed.',
        code: ErrorCode.BAD_REQUEST,
      } satisfies ErrorBody);
    }
    // A broken multipart body is answered where it is read (readImageUpload). Guessing it here from
    // the content type turned any later failure of an upload route into a silent 400.
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: Msg.rateLimited, code: ErrorCode.RATE_LIMITED } satisfies ErrorBody);
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ error: 'The request is too large.', code: ErrorCode.PAYLOAD_TOO_LARGE } satisfies ErrorBody);
    }
    if (status === 415) {
      return reply.status(415).send({
        error: 'This content type is not accepted here.',
        code: ErrorCode.UNSUPPORTED_MEDIA,
      } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and the like: the framework's message is safe and clear.
      return reply
        .status(status)
        .send({ error: error.message, code: ErrorCode.BAD_REQUEST } satisfies ErrorBody);
    }
    // Database errors carry the failed statement's values (emails, hashes): logged without them.
    request.log.error({ err: scrubError(error) }, 'unhandled error');
    return reply.status(500).send({ error: Msg.internal, code: ErrorCode.INTERNAL } satisfies ErrorBody);
  });
});
