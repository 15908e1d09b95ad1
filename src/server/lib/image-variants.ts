import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { withImageSlot } from './images';

/**
 * Smaller WebP copies of stored pictures, for `srcset` on the light public page: a phone
 * gets a picture the width of its screen instead of the 1600 px JPEG. Made from the stored JPEG on
 * first request and kept beside it (media/{folder}/sized/), so uploads stay as they are and
 * pictures stored before this existed get their sizes too.
 */

/** The folders with pictures a public page shows, and the widths offered for each. */
export const SIZED_WIDTHS = {
  cover: [480, 800, 1200, 1600],
  logo: [128, 256],
  gallery: [240, 360, 480, 720, 1024],
} as const;
export type SizedFolder = keyof typeof SIZED_WIDTHS;

const isSizedFolder = (folder: string): folder is SizedFolder => Object.hasOwn(SIZED_WIDTHS, folder);
const STORED_NAME = /^[0-9a-f-]{36}$/;

/** Where the sized copy of a stored picture is served. */
export const sizedImageUrl = (folder: SizedFolder, name: string, width: number) =>
  `/image/sized/${folder}/${name}-${width}.webp`;

/** `srcset` of a stored picture: every width offered for its folder. */
export const sizedSrcSet = (folder: SizedFolder, name: string) =>
  SIZED_WIDTHS[folder].map((width) => `${sizedImageUrl(folder, name, width)} ${width}w`).join(', ');

/** A request's folder and file name, checked: undefined for anything that is not an offered size. */
export function parseSizedRequest(
  folder: string,
  file: string,
): { folder: SizedFolder; name: string; width: number } | undefined {
  const match = /^(.+)-(\d{2,4})\.webp$/.exec(file);
  if (!match || !isSizedFolder(folder) || !STORED_NAME.test(match[1]!)) return undefined;
  const width = Number(match[2]);
  if (!(SIZED_WIDTHS[folder] as readonly number[]).includes(width)) return undefined;
  return { folder, name: match[1]!, width };
}

const sizedPath = (dataDir: string, folder: SizedFolder, name: string, width: number) =>
  path.join(dataDir, 'media', folder, 'sized', `${name}-${width}.webp`);

/** Copies being made right now: a burst of visitors to a new page makes each one once. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();

/**
 * The WebP copy of a stored picture at a width (never wider than the original), made and kept on
 * first request. Undefined when the picture does not exist.
 */
export async function sizedImage(
  dataDir: string,
  folder: SizedFolder,
  name: string,
  width: number,
): Promise<Buffer | undefined> {
  const target = sizedPath(dataDir, folder, name, width);
  const kept = await readFile(target).catch(() => undefined);
  if (kept) return kept;
  const pending = inFlight.get(target);
  if (pending) return pending;
  const making = makeSized(dataDir, folder, name, width, target).finally(() => inFlight.delete(target));
  inFlight.set(target, making);
  return making;
}

async function makeSized(
  dataDir: string,
  folder: SizedFolder,
  name: string,
  width: number,
  target: string,
): Promise<Buffer | undefined> {
  const original = await readFile(path.join(dataDir, 'media', folder, `${name}.jpeg`)).catch(() => undefined);
  if (!original) return undefined;
  const webp = await withImageSlot(() =>
    sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 72, effort: 4 }).toBuffer(),
  );
  // Written under a temporary name and renamed: a reader never sees half a file.
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.tmp`;
  await writeFile(temporary, webp);
  await rename(temporary, target);
  return webp;
}
