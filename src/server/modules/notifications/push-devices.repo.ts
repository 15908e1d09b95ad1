import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lostDevices, pushSubscriptions } from '../../db/schema';

/** The live push subscriptions of these users (not expired, not skipped as stale). */
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
        isNull(pushSubscriptions.staleSince),
      ),
    );
}

/** A user's devices, most recently seen first. */
export async function devicesOf(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSeenAt: pushSubscriptions.lastSeenAt,
      staleSince: pushSubscriptions.staleSince,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastSeenAt));
}

/** Forget one of the user's devices (a device lost: unsubscribed); false when it is not theirs (or gone). */
export async function removeDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  await recordUnsubscribed(db, userId, rows);
  return rows.length > 0;
}

/** Devices their owner turned off or removed, recorded as lost (the permission health figure). */
export async function recordUnsubscribed(db: Db, userId: string, removed: { id: string }[]) {
  if (removed.length === 0) return;
  await db
    .insert(lostDevices)
    .values(removed.map((row) => ({ subscriptionId: row.id, userId, reason: 'unsubscribed' as const })))
    .onConflictDoNothing();
}

/** The subscription at this endpoint, with what proves its device. */
export async function findByEndpoint(db: Db, endpoint: string) {
  const [row] = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      secretHash: pushSubscriptions.secretHash,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

/**
 * The browser replaced a device's subscription: the same row (its pending deliveries follow) takes
 * the new endpoint and keys, and starts afresh (not stale, no failed sends). A row already at the
 * new endpoint (the page registered it first) is folded into this one. False when the new
 * endpoint belongs to another user.
 */
export async function replaceEndpoint(
  db: Db,
  id: string,
  userId: string,
  values: { endpoint: string; p256dh: string; auth: string; expiresAt: Date | null; secretHash: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, values.endpoint));
    if (existing && existing.id !== id) {
      if (existing.userId !== userId) return false;
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, existing.id));
    }
    await tx
      .update(pushSubscriptions)
      .set({ ...values, staleSince: null, failedSends: 0, lastSeenAt: sql`now()` })
      .where(eq(pushSubscriptions.id, id));
    return true;
  });
}

/** Devices lost are read for the last four weeks (permission health): kept 35 days. */
export const LOST_DEVICES_DAYS = 35;

/** Delete the devices lost longer ago than the permission health reads (hourly housekeeping). */
export async function purgeOldLosses(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(lostDevices)
    .where(lt(lostDevices.at, new Date(now.getTime() - LOST_DEVICES_DAYS * 86_400_000)))
    .returning({ id: lostDevices.subscriptionId });
  return deleted.length;
}

/** Create or refresh a browser's subscription; the device now belongs to this user. Undefined: another user's. */
export async function upsertSubscription(
  db: Db,
  values: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    expiresAt: Date | null;
    userAgent: string;
    secretHash: string;
    sessionId: string | null;
  },
): Promise<{ id: string; created: boolean; stale: boolean } | undefined> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // The same user, or the same browser (same keys) signed in as someone else; else refused.
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id
        OR (${pushSubscriptions.p256dh} = excluded.p256dh AND ${pushSubscriptions.auth} = excluded.auth)`,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        expiresAt: values.expiresAt,
        userAgent: values.userAgent,
        secretHash: values.secretHash,
        sessionId: values.sessionId,
        // Seen, but not repaired: the same endpoint still fails; the browser takes a fresh one.
        lastSeenAt: sql`now()`,
      },
    })
    .returning({
      id: pushSubscriptions.id,
      created: sql<boolean>`(xmax = 0)`,
      stale: sql<boolean>`(${pushSubscriptions.staleSince} IS NOT NULL)`,
    });
  return row ? { id: row.id, created: Boolean(row.created), stale: Boolean(row.stale) } : undefined;
}

/** The browser turned push off on this device: forget it, recorded as a device lost (unsubscribed). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  await recordUnsubscribed(db, userId, rows);
  return rows.length > 0;
}
