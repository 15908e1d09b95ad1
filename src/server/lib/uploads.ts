import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { AppError } from './app-error';
import { MAX_IMAGE_BYTES } from './images';

/** An upload's file, written to a temporary file, and the multipart text fields sent before it. */
export interface ImageUpload {
  /** Path of the temporary file; it is deleted when the work given to withImageUpload ends. */
  file: string;
  fields: Record<string, string>;
}

/** Temporary files older than this were left by a process that died mid-upload. */
const STALE_MS = 60 * 60 * 1000;
const sweptDirs = new Set<string>();

/** Once per process and folder: remove what a crashed process left behind (never a live upload). */
async function sweepStale(dir: string) {
  if (sweptDirs.has(dir)) return;
  sweptDirs.add(dir);
  for (const name of await readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(file, { force: true }).catch(() => {});
  }
}

/**
 * Stream the single file of a multipart request (field "file", at most MAX_IMAGE_BYTES) to a
 * temporary file under DATA_DIR/tmp/uploads, never holding it in memory, and run `work` on it. The
 * temporary file is deleted however the request ends: refused, failed, or done.
 */
export async function withImageUpload<T>(
  request: FastifyRequest,
  dataDir: string,
  work: (upload: ImageUpload) => Promise<T>,
): Promise<T> {
  const missing = () => new AppError(400, ErrorCode.VALIDATION, Msg.fileMissing, { file: Msg.fileMissing });
  if (!request.isMultipart()) throw missing();
  const part = await parsing(request, request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }));
  if (!part) throw missing();
  const dir = path.join(dataDir, 'tmp', 'uploads');
  await mkdir(dir, { recursive: true });
  void sweepStale(dir);
  const file = path.join(dir, randomUUID());
  try {
    await parsing(request, pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 })));
    // Over the size limit the parser stops the file short and says so here.
    if (part.file.truncated) {
      throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Msg.imageTooLarge, { file: Msg.imageTooLarge });
    }
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      const value = Array.isArray(field) ? field[0] : field;
      if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    return await work({ file, fields });
  } finally {
    await rm(file, { force: true }).catch((error) =>
      request.log.warn({ err: error, file }, 'could not remove an upload temporary file'),
    );
  }
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
    const { code, statusCode, syscall } = error as {
      code?: unknown;
      statusCode?: unknown;
      syscall?: unknown;
    };
    // Writing the temporary file failed (disk full, permissions): ours, not the client's.
    if (syscall !== undefined) throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Msg.imageTooLarge, { file: Msg.imageTooLarge });
    }
    // The plugin's own errors (parts, files, fields limits: 413) carry their status; the error handler words them.
    if (statusCode !== undefined) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError(400, ErrorCode.BAD_REQUEST, 'The upload is incomplete or malformed.');
  }
}
