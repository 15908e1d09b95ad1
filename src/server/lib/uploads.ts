import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { MAX_PDF_BYTES, MAX_VIDEO_BYTES } from '../../shared/uploads';
import { AppError } from './app-error';
import { MAX_IMAGE_BYTES } from './images';
import { looksLikePdf } from './media/pdf-first-page';
import { looksLikeVideo } from './media/video-probe';

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

/** A post's upload: a picture, a PDF or a video, with the poster frame the browser took of a video. */
export interface PostMediaUpload {
  /** Path of the temporary file; deleted when the work given to withPostMediaUpload ends. */
  file: string;
  /** What the file's first bytes say it is: never its name or the type the client claims. */
  kind: 'picture' | 'pdf' | 'video';
  bytes: number;
  /** A video's poster frame (part "poster", a picture), when the client sent one. */
  poster: string | null;
}

/** Each kind's limit, and the message that says it. */
const POST_MEDIA_LIMITS = {
  picture: { bytes: MAX_IMAGE_BYTES, message: Msg.imageTooLarge },
  pdf: { bytes: MAX_PDF_BYTES, message: Msg.pdfTooLarge },
  video: { bytes: MAX_VIDEO_BYTES, message: Msg.videoTooLarge },
} as const;

function postMediaKind(head: Buffer): PostMediaUpload['kind'] {
  if (looksLikePdf(head)) return 'pdf';
  if (head.length >= 8 && looksLikeVideo(head)) return 'video';
  return 'picture';
}

/**
 * Stream a post's upload (part "file": a picture, a PDF or a video; part "poster", optional: a
 * picture) to temporary files, never in memory, and run `work` on them. The file's kind is read
 * from its first bytes and its own limit applies; both files are deleted however the request ends.
 */
export async function withPostMediaUpload<T>(
  request: FastifyRequest,
  dataDir: string,
  work: (upload: PostMediaUpload) => Promise<T>,
): Promise<T> {
  const missing = () => new AppError(400, ErrorCode.VALIDATION, Msg.fileMissing, { file: Msg.fileMissing });
  if (!request.isMultipart()) throw missing();
  const dir = path.join(dataDir, 'tmp', 'uploads');
  await mkdir(dir, { recursive: true });
  void sweepStale(dir);
  const written: string[] = [];
  let upload: Omit<PostMediaUpload, 'poster'> | undefined;
  let poster: string | null = null;
  const readParts = async () => {
    for await (const part of request.parts({ limits: { fileSize: MAX_VIDEO_BYTES, files: 2 } })) {
      if (part.type !== 'file') continue;
      const file = path.join(dir, randomUUID());
      written.push(file);
      const field = part.fieldname === 'poster' ? 'poster' : 'file';
      try {
        await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        throw await cutShort(field, file);
      }
      if (part.file.truncated) throw await cutShort(field, file);
      const bytes = (await stat(file)).size;
      if (field === 'poster') {
        if (bytes > MAX_IMAGE_BYTES) throw tooLarge('poster', Msg.imageTooLarge);
        poster = file;
      } else if (!upload) {
        const kind = postMediaKind(await headOf(file));
        if (bytes > POST_MEDIA_LIMITS[kind].bytes) throw tooLarge('file', POST_MEDIA_LIMITS[kind].message);
        upload = { file, kind, bytes };
      }
    }
  };
  try {
    await parsing(request, readParts());
    if (!upload) throw missing();
    return await work({ ...upload, poster });
  } finally {
    for (const file of written) {
      await rm(file, { force: true }).catch((error) =>
        request.log.warn({ err: error, file }, 'could not remove an upload temporary file'),
      );
    }
  }
}

/** Over the largest limit the parser stops a file short: the message is its kind's limit. */
async function cutShort(field: string, file: string) {
  const kind = field === 'poster' ? 'picture' : postMediaKind(await headOf(file));
  return tooLarge(field, POST_MEDIA_LIMITS[kind].message);
}

const tooLarge = (field: string, message: string) =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, message, { [field]: message });

/** The first KB of a file: what its kind is read from. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
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
    // Ours, thrown while reading (a limit of the kind found): as it is.
    if (error instanceof AppError) throw error;
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
