import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import { galleryImages } from '../../db/schema';

const galleryStatement = preparedPer((db) =>
  db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.establishmentId, sql.placeholder('establishmentId')))
    .orderBy(asc(galleryImages.createdAt), asc(galleryImages.id))
    .prepare('gallery_of_establishment'),
);

export async function listGallery(db: Db, establishmentId: string) {
  return galleryStatement(db).execute({ establishmentId });
}

export async function countGallery(db: Db, establishmentId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(galleryImages)
    .where(eq(galleryImages.establishmentId, establishmentId));
  return row?.value ?? 0;
}

export async function insertGalleryImage(db: Db, values: typeof galleryImages.$inferInsert) {
  const [row] = await db.insert(galleryImages).values(values).returning();
  return row!;
}

export async function updateGalleryCaption(
  db: Db,
  establishmentId: string,
  imageId: string,
  caption: string,
) {
  const [row] = await db
    .update(galleryImages)
    .set({ caption })
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.establishmentId, establishmentId)))
    .returning();
  return row;
}

export async function deleteGalleryImage(db: Db, establishmentId: string, imageId: string) {
  const [row] = await db
    .delete(galleryImages)
    .where(and(eq(galleryImages.id, imageId), eq(galleryImages.establishmentId, establishmentId)))
    .returning();
  return row;
}
