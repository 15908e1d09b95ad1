import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsSalts, establishments, pageViews } from '../../db/schema';

/**
 * The salt of a UTC day, made by whichever request comes first: concurrent first requests all
 * insert, one wins, and every one reads the winner's salt back. Making a new day's salt also deletes
 * the salts older than yesterday, after which that day's visitor hashes can no longer be recomputed.
 */
export async function daySalt(db: Db, day: string): Promise<string> {
  const created = await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
    .returning({ day: analyticsSalts.day });
  if (created.length > 0) await db.delete(analyticsSalts).where(lt(analyticsSalts.day, previousDay(day)));
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`the analytics salt of ${day} is missing`);
  return row.salt;
}

/**
 * Delete the salts older than yesterday (UTC) even on days without page views (hourly
 * housekeeping), so no salt outlives the two days its hashes are needed for. Returns how many.
 */
export async function purgeOldSalts(db: Db, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const deleted = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, previousDay(today)))
    .returning({ day: analyticsSalts.day });
  return deleted.length;
}

/** The salt of a day if it is still kept. */
export async function findDaySalt(db: Db, day: string): Promise<string | undefined> {
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  return row?.salt;
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  return new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
}

/** Store a page view; the database's trigger counts a public page's view in its funnel. */
export async function insertPageView(db: Db, values: typeof pageViews.$inferInsert): Promise<void> {
  await db.insert(pageViews).values(values);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a business that is not deleted, by id or public id (case-insensitive); one indexed read. */
export async function findLiveEstablishmentId(db: Db, idOrPublicId: string): Promise<string | undefined> {
  const isUuid = UUID.test(idOrPublicId);
  // Public ids are letters, digits and dashes: anything else names no business.
  if (!isUuid && !/^[a-z0-9-]{1,64}$/i.test(idOrPublicId)) return undefined;
  const [row] = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(
      and(
        isUuid
          ? eq(establishments.id, idOrPublicId)
          : eq(establishments.publicId, idOrPublicId.toLowerCase()),
        isNull(establishments.deletedAt),
      ),
    );
  return row?.id;
}
