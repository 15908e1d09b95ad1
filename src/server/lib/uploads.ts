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
  const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  if (!file) throw missing();
  const buffer = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Msg.imageTooLarge, { file: Msg.imageTooLarge });
    }
    throw error;
  });
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  return { buffer, fields };
}
