import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/** The live push subscriptions of these users. */
export async function liveDevicesOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.userId, userIds),
        or(isNull(pushSubscriptions.expiresAt), sql`${pushSubscriptions.expiresAt} > now()`),
      ),
    );
}
