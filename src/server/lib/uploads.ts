import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { AppError } from './app-error';
import { MAX_IMAGE_BYTES } from './images';

/** The single file of a multipart request (field "file") and its text fields, within the image size limit. */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ buffer: Buffer; fields: Record<string, string> }> {
  const missing = () => new AppError(400, ErrorCode.VALIDATION, Msg.fileMissing, { file: Msg.fileMissing });
  if (!request.isMultipart()) throw missing();
  const file = await parsing(request, request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }));
  if (!file) throw missing();
  const buffer = await parsing(request, file.toBuffer());
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  return { buffer, fields };
}

/**
 * A step of reading the body. The parser (busboy) reports a broken body (no boundary, a bad part
 * header, a body cut short) as a plain Error: that is the client's 400, said here where it is known
 * to come from the parser, so that a failure later in the handler keeps its own status.
 */
async function parsing<T>(request: FastifyRequest, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Msg.imageTooLarge, { file: Msg.imageTooLarge });
    }
    // The plugin's own errors (parts, files, fields limits: 413) carry their status; the error handler words them.
    if (statusCode !== undefined) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError(400, ErrorCode.BAD_REQUEST, 'The upload is incomplete or malformed.');
  }
}
