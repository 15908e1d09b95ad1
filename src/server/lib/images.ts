import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { MAX_IMAGE_PIXELS } from '../../shared/uploads';
import { AppError } from './app-error';

export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../shared/uploads';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

// One libvips thread per picture: how many pictures run at once is decided below, so that a burst
// of uploads takes a known share of the cores and the event loop keeps answering.
sharp.concurrency(1);
// No operation or open-file cache: every picture is processed once, and an upload's temporary file
// must not stay open (its disk space held) after it is deleted.
sharp.cache(false);

/** A picture to decode: the path of an upload's temporary file, or bytes. */
export type ImageSource = string | Buffer;

let slots = 1;
let busy = 0;
const waiting: (() => void)[] = [];

/** How many pictures this process decodes or draws at once (config.imageConcurrency). */
export function setImageConcurrency(concurrency: number): void {
  slots = Math.max(1, Math.floor(concurrency));
  while (busy < slots && waiting.length > 0) {
    busy++;
    waiting.shift()!();
  }
}

/**
 * Run one piece of picture work (a decode, a QR code drawing) when a slot is free. sharp runs on
 * Node's thread pool, which sign-in (argon2) and file reads also need: without this bound, a few
 * uploads at once filled the pool and held sign-ins back (bench:stall).
 */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy < slots) busy++;
  // The slot is handed over by the one finishing, so `busy` stays counted.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

const unreadable = () =>
  new AppError(415, ErrorCode.UNSUPPORTED_MEDIA, Msg.imageInvalid, { file: Msg.imageInvalid });

/**
 * Decode an upload and re-encode it as a JPEG of at most `size` pixels a side: metadata stripped,
 * orientation applied. An upload is never stored as the bytes the user sent. The header is read
 * first: a picture of more than MAX_IMAGE_PIXELS is refused (413 on `file`) before any pixel is
 * decoded.
 */
export async function toJpeg(
  input: ImageSource,
  size: { width: number; height: number; fit: 'cover' | 'inside' },
) {
  let header: Metadata;
  try {
    // Header only; the pixel limit is ours to word (below), not sharp's error.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) throw unreadable();
  // Only the first frame of an animation is read, so its size is what counts.
  const pixels = (header.width ?? 0) * (header.pageHeight ?? header.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, Msg.imageTooManyPixels, {
      file: Msg.imageTooManyPixels,
    });
  }
  return withImageSlot(async () => {
    try {
      // The limit again, for the decoder itself (what it is told is what the header said).
      return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ ...size, withoutEnlargement: size.fit === 'inside' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      throw unreadable();
    }
  });
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

/**
 * Store an upload's file (a post's PDF or video) under DATA_DIR/media/{folder}/{name}.{ext}, beside
 * the JPEG of the same name, and remove it with that JPEG if the upload's request fails after.
 */
export async function saveFileBeside(
  dataDir: string,
  folder: string,
  name: string,
  ext: string,
  from: string,
): Promise<void> {
  const dir = path.join(dataDir, 'media', folder);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.${ext}`);
  storedInScope.getStore()?.push(file);
  await copyFile(from, file);
}

/** Remove a stored JPEG and its sized copies (image-variants.ts); a missing file is fine. */
export async function removeJpeg(dataDir: string, folder: string, name: string | null): Promise<void> {
  if (!name || !/^[0-9a-f-]{36}$/.test(name)) return;
  await rm(path.join(dataDir, 'media', folder, `${name}.jpeg`), { force: true });
  const sizedDir = path.join(dataDir, 'media', folder, 'sized');
  const sized = (await readdir(sizedDir).catch(() => [] as string[])).filter((file) =>
    file.startsWith(`${name}-`),
  );
  await Promise.all(sized.map((file) => rm(path.join(sizedDir, file), { force: true })));
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
