import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function timeZoneOf(db: Db, userId: string) {
  const [row] = await db
    .select({ timeZone: users.timeZone, chosen: users.timeZoneChosen })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { timeZone: null, chosen: false };
}

/** The zone the user chose (kept), or null: follow the device, starting from `device` when known. */
export async function chooseTimeZone(db: Db, userId: string, chosen: string | null, device: string | null) {
  await db
    .update(users)
    .set(
      chosen
        ? { timeZone: chosen, timeZoneChosen: true }
        : { timeZone: device ? device : sql`${users.timeZone}`, timeZoneChosen: false },
    )
    .where(eq(users.id, userId));
}

/** What the device reports, unless the user chose a zone; nothing written when it is the same. */
export async function recordDeviceTimeZone(db: Db, userId: string, zone: string) {
  await db
    .update(users)
    .set({ timeZone: zone })
    .where(
      and(eq(users.id, userId), not(users.timeZoneChosen), sql`${users.timeZone} IS DISTINCT FROM ${zone}`),
    );
}
