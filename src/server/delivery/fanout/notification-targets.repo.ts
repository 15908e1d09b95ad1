import { asc, eq, inArray } from 'drizzle-orm';
import type { Target } from '../../../shared/schemas/preference.schema';
import type { Db } from '../../db/client';
import { notificationTargets } from '../../db/schema';

/** Record the preferences a send is targeted at, with their names now; in the send's transaction. */
export async function insertTargets(db: Db, notificationId: string, targets: Target[]): Promise<void> {
  if (targets.length === 0) return;
  await db.insert(notificationTargets).values(
    targets.map((target) => ({
      notificationId,
      preferenceId: target.preferenceId,
      preferenceName: target.name,
    })),
  );
}

/** The targets of these notifications (none listed: sent to every follower), by name. */
export async function targetsOf(db: Db, notificationIds: string[]): Promise<Map<string, Target[]>> {
  const result = new Map<string, Target[]>();
  if (notificationIds.length === 0) return result;
  const rows = await db
    .select()
    .from(notificationTargets)
    .where(inArray(notificationTargets.notificationId, notificationIds))
    .orderBy(asc(notificationTargets.preferenceName), asc(notificationTargets.preferenceId));
  for (const row of rows) {
    const list = result.get(row.notificationId) ?? [];
    list.push({ preferenceId: row.preferenceId, name: row.preferenceName });
    result.set(row.notificationId, list);
  }
  return result;
}

/** The preference ids one send is targeted at; empty: every follower. */
export async function targetIdsOf(db: Db, notificationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: notificationTargets.preferenceId })
    .from(notificationTargets)
    .where(eq(notificationTargets.notificationId, notificationId));
  return rows.map((row) => row.id);
}
