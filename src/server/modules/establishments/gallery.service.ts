import sharp from 'sharp';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type { Establishment, GalleryImage } from '../../../shared/schemas/establishment.schema';
import { GALLERY_LIMIT } from '../../../shared/uploads';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext, AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type ImageSource, removeJpeg, saveJpeg, toJpeg } from '../../lib/images';
import { toGalleryDto } from './establishment.dto';
import {
  authorizeEdit,
  establishmentBlocked,
  establishmentGone,
  loadEstablishment,
  reloadDto,
} from './establishment-access';
import * as repo from './establishments.repo';
import * as galleryRepo from './gallery.repo';

/**
 * A change of the pictures made for the establishment by someone who does not operate it (an
 * admin), recorded with the change in the same transaction; its operators' own changes are not.
 */
async function recordPictures(
  db: Db,
  actor: Actor,
  row: repo.EstablishmentRow,
  detail: {
    picture: 'logo' | 'cover' | 'gallery';
    change: 'replaced' | 'added' | 'caption' | 'removed';
    imageId?: string;
  },
) {
  await auditOnBehalf(db, actor, row, { action: 'establishment.pictures', detail });
}

/** Replace the logo (square) or the cover (wide) with a re-encoded JPEG. */
export async function setPicture(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  which: 'logo' | 'cover',
  upload: ImageSource,
): Promise<Establishment> {
  const row = await loadEstablishment(ctx, id);
  authorizeEdit(actor, row);
  const size =
    which === 'logo'
      ? { width: 512, height: 512, fit: 'cover' as const }
      : { width: 1600, height: 600, fit: 'cover' as const };
  const name = await saveJpeg(ctx.config.dataDir, which, await toJpeg(upload, size));
  await ctx.db.transaction(async (tx) => {
    await repo.updateEstablishment(tx, row.id, { [which]: name });
    await recordPictures(tx, actor, row, { picture: which, change: 'replaced' });
  });
  await removeJpeg(ctx.config.dataDir, which, row[which]);
  return reloadDto(ctx, row.id);
}

/** The gallery, for anyone who may see the establishment's page. */
export async function gallery(ctx: AppContext, id: string): Promise<GalleryImage[]> {
  const row = await loadEstablishment(ctx, id);
  if (row.blockedAt) throw establishmentBlocked();
  return (await galleryRepo.listGallery(ctx.db, row.id)).map(toGalleryDto);
}

const galleryFull = () => new AppError(409, ErrorCode.VALIDATION, Msg.galleryFull, { file: Msg.galleryFull });

/**
 * Add a picture to the gallery (at most GALLERY_LIMIT). The limit holds under concurrent uploads:
 * the count and the insert run in one transaction holding the establishment's row lock.
 */
export async function addGalleryImage(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  upload: ImageSource,
  caption: string,
): Promise<GalleryImage> {
  const row = await loadEstablishment(ctx, id);
  authorizeEdit(actor, row);
  // Early answer for a full gallery without decoding the upload; the locked count below decides.
  if ((await galleryRepo.countGallery(ctx.db, row.id)) >= GALLERY_LIMIT) throw galleryFull();
  const jpeg = await toJpeg(upload, { width: 1600, height: 1600, fit: 'inside' });
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  // Written before the lock so the lock is held for two short queries, not for image I/O.
  const image = await saveJpeg(ctx.config.dataDir, 'gallery', jpeg);
  try {
    const inserted = await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockEstablishment(tx, row.id))) throw establishmentGone();
      if ((await galleryRepo.countGallery(tx, row.id)) >= GALLERY_LIMIT) throw galleryFull();
      const added = await galleryRepo.insertGalleryImage(tx, {
        establishmentId: row.id,
        image,
        caption,
        width,
        height,
      });
      await recordPictures(tx, actor, row, { picture: 'gallery', change: 'added', imageId: added.id });
      return added;
    });
    return toGalleryDto(inserted);
  } catch (error) {
    // Refused (or failed): its file would be an orphan no row points to.
    await removeJpeg(ctx.config.dataDir, 'gallery', image).catch((cause) =>
      ctx.log.warn({ err: cause, image }, 'could not remove a refused gallery picture'),
    );
    throw error;
  }
}

export async function captionGalleryImage(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  imageId: string,
  caption: string,
): Promise<GalleryImage> {
  const row = await loadEstablishment(ctx, id);
  authorizeEdit(actor, row);
  const updated = await ctx.db.transaction(async (tx) => {
    const changed = await galleryRepo.updateGalleryCaption(tx, row.id, imageId, caption);
    if (!changed) throw notFound();
    await recordPictures(tx, actor, row, { picture: 'gallery', change: 'caption', imageId });
    return changed;
  });
  return toGalleryDto(updated);
}

export async function deleteGalleryImage(ctx: AppContext, actor: AuthedActor, id: string, imageId: string) {
  const row = await loadEstablishment(ctx, id);
  authorizeEdit(actor, row);
  const deleted = await ctx.db.transaction(async (tx) => {
    const removed = await galleryRepo.deleteGalleryImage(tx, row.id, imageId);
    if (!removed) throw notFound();
    await recordPictures(tx, actor, row, { picture: 'gallery', change: 'removed', imageId });
    return removed;
  });
  await removeJpeg(ctx.config.dataDir, 'gallery', deleted.image);
}
