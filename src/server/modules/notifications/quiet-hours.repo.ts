import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { QuietHoursSetting } from '../../delivery';

/** A user's quiet hours; null when they have none (or no such user). */
export async function quietHoursOf(db: Db, userId: string): Promise<QuietHoursSetting | null> {
  const [row] = await db
    .select({ start: users.quietStart, end: users.quietEnd, timeZone: users.quietTimeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.start === null || row.end === null || row.timeZone === null) return null;
  return { start: row.start, end: row.end, timeZone: row.timeZone };
}

/** Set a user's quiet hours, or clear them all (null). */
export async function saveQuietHours(db: Db, userId: string, setting: QuietHoursSetting | null) {
  await db
    .update(users)
    .set({
      quietStart: setting?.start ?? null,
      quietEnd: setting?.end ?? null,
      quietTimeZone: setting?.timeZone ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
