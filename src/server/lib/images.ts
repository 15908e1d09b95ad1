import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { AppError } from './app-error';

export { MAX_IMAGE_BYTES } from '../../shared/uploads';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Decode an upload and re-encode it as a JPEG of at most `size` pixels a side: metadata stripped,
 * orientation applied. An upload is never stored as the bytes the user sent.
 */
export async function toJpeg(
  input: Buffer,
  size: { width: number; height: number; fit: 'cover' | 'inside' },
) {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA, Msg.imageInvalid, { file: Msg.imageInvalid });
  }
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ ...size, withoutEnlargement: size.fit === 'inside' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA, Msg.imageInvalid, { file: Msg.imageInvalid });
  }
}

/** Paths saveJpeg wrote within the current removeStoredOnFailure call. */
const storedInScope = new AsyncLocalStorage<string[]>();

/** Store a JPEG under DATA_DIR/media/{folder} with a fresh unguessable name; returns the name without extension. */
export async function saveJpeg(dataDir: string, folder: string, jpeg: Buffer): Promise<string> {
  const dir = path.join(dataDir, 'media', folder);
  await mkdir(dir, { recursive: true });
  const name = randomUUID();
  const file = path.join(dir, `${name}.jpeg`);
  storedInScope.getStore()?.push(file);
  await writeFile(file, jpeg);
  return name;
}

/** Remove a stored JPEG; a missing file is fine. */
export async function removeJpeg(dataDir: string, folder: string, name: string | null): Promise<void> {
  if (!name || !/^[0-9a-f-]{36}$/.test(name)) return;
  await rm(path.join(dataDir, 'media', folder, `${name}.jpeg`), { force: true });
}

/**
 * Run the rest of an upload request (the service call). If it fails, the pictures it stored are
 * removed again, so a refused or failed upload leaves no file behind, and the failure is logged;
 * the error then goes on to the error handler with its own status. The services store a picture
 * just before writing the row that names it, so a failure after saveJpeg is (all but always) one
 * where no row names the file.
 */
export async function removeStoredOnFailure<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await storedInScope.run(stored, work);
  } catch (error) {
    if (stored.length > 0) {
      const removed = await Promise.allSettled(stored.map((file) => rm(file, { force: true })));
      const kept = stored.filter((_, i) => removed[i]!.status === 'rejected');
      log.warn(
        { err: error, removed: stored.length - kept.length, kept },
        'upload failed after storing a picture',
      );
    }
    throw error;
  }
}
