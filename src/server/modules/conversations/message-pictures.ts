import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { type ImageSource, toJpeg } from '../../lib/images';
import * as repo from './message-pictures.repo';

/**
 * A message's picture on disk: DATA_DIR/media/message/{conversationId}/{name}.jpeg and its
 * thumbnail {name}-thumb.jpeg, re-encoded by sharp like every upload. Never under a public /image/
 * folder: it is read through the conversation's rights only (GET .../pictures/{name}).
 */

export type PictureSize = 'thumb' | 'full';

const SIZES = {
  full: { width: 1600, height: 1600, fit: 'inside' as const },
  thumb: { width: 480, height: 480, fit: 'inside' as const },
};

const NAME = /^[0-9a-f-]{36}$/;

/** An upload not attached to a message within this long is removed (the sweep below). */
export const UNATTACHED_KEEP_MS = 60 * 60 * 1000;

const folderOf = (dataDir: string, conversationId: string) =>
  path.join(dataDir, 'media', 'message', conversationId);

const fileOf = (dataDir: string, conversationId: string, name: string, size: PictureSize) =>
  path.join(folderOf(dataDir, conversationId), size === 'thumb' ? `${name}-thumb.jpeg` : `${name}.jpeg`);

/** Re-encode an upload (refused on `file` when it is no picture or too large) and store both sizes. */
export async function storePicture(dataDir: string, conversationId: string, upload: ImageSource) {
  const full = await toJpeg(upload, SIZES.full);
  const thumb = await toJpeg(full, SIZES.thumb);
  const name = randomUUID();
  await mkdir(folderOf(dataDir, conversationId), { recursive: true });
  await writeFile(fileOf(dataDir, conversationId, name, 'full'), full, { mode: 0o600 });
  await writeFile(fileOf(dataDir, conversationId, name, 'thumb'), thumb, { mode: 0o600 });
  return name;
}

/** The stored JPEG, or undefined when there is none by that name in the conversation. */
export async function readPicture(
  dataDir: string,
  conversationId: string,
  name: string,
  size: PictureSize,
): Promise<Buffer | undefined> {
  if (!NAME.test(name) || !NAME.test(conversationId)) return undefined;
  return readFile(fileOf(dataDir, conversationId, name, size)).catch(() => undefined);
}

/** Whether the picture was uploaded to this conversation (and not removed since). */
export async function pictureStored(dataDir: string, conversationId: string, name: string): Promise<boolean> {
  if (!NAME.test(name) || !NAME.test(conversationId)) return false;
  return stat(fileOf(dataDir, conversationId, name, 'full')).then(
    () => true,
    () => false,
  );
}

/**
 * Hourly (housekeeping): the pictures of conversations that are gone (the follower's account
 * deleted, the business deleted) and uploads never attached to a message. Returns the files removed.
 */
export async function sweepMessagePictures(ctx: AppContext, now = Date.now()): Promise<number> {
  const root = path.join(ctx.config.dataDir, 'media', 'message');
  const folders = (await readdir(root).catch(() => [] as string[])).filter((name) => NAME.test(name));
  const existing = await repo.existingConversations(ctx.db, folders);
  let removed = 0;
  for (const conversationId of folders) {
    const folder = path.join(root, conversationId);
    const files = await readdir(folder).catch(() => [] as string[]);
    if (!existing.has(conversationId)) {
      await rm(folder, { recursive: true, force: true });
      removed += files.length;
      continue;
    }
    const shown = await repo.picturesOf(ctx.db, conversationId);
    for (const file of files) {
      if (shown.has(file.slice(0, 36))) continue;
      const info = await stat(path.join(folder, file)).catch(() => undefined);
      if (!info || now - info.mtimeMs < UNATTACHED_KEEP_MS) continue;
      await rm(path.join(folder, file), { force: true });
      removed++;
    }
  }
  return removed;
}
