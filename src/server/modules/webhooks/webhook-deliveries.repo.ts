import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainEvents, webhookCalls, webhookDeliveries, webhooks } from '../../db/schema';
import type { RecordedEvent } from '../../events/domain-event';

/**
 * A delivery for each enabled webhook of the event's establishment that asked for its type, in the
 * event's transaction; answers the webhooks no worker holds now, which need a job to call them.
 * A held webhook's worker calls this delivery too: the row lock taken here (FOR SHARE) makes its
 * release wait for this transaction, and after releasing it looks for what came in meanwhile.
 */
export async function queueWebhookDeliveries(db: Db, event: RecordedEvent): Promise<string[]> {
  const result = (await db.execute(sql`
    WITH hooks AS (
      SELECT id, lease_until FROM ${webhooks}
       WHERE establishment_id = ${event.establishmentId}::uuid AND enabled AND ${event.type} = ANY(events)
       FOR SHARE),
    queued AS (
      INSERT INTO ${webhookDeliveries} (webhook_id, event_id)
      SELECT id, ${event.id}::uuid FROM hooks
      ON CONFLICT DO NOTHING
      RETURNING webhook_id)
    SELECT queued.webhook_id FROM queued JOIN hooks ON hooks.id = queued.webhook_id
     WHERE hooks.lease_until IS NULL OR hooks.lease_until < now()`)) as unknown as {
    rows: { webhook_id: string }[];
  };
  return result.rows.map((row) => row.webhook_id);
}

/**
 * The webhook, if no other worker holds it: held until `until` (renewed while its calls go out).
 * Its URL and secret are read with each batch of deliveries, not here.
 */
export async function claimWebhook(db: Db, webhookId: string, now: Date, until: Date) {
  const [row] = await db
    .update(webhooks)
    .set({ leaseUntil: until })
    .where(and(eq(webhooks.id, webhookId), or(isNull(webhooks.leaseUntil), lt(webhooks.leaseUntil, now))))
    .returning({ enabled: webhooks.enabled });
  return row;
}

export async function releaseWebhook(db: Db, webhookId: string) {
  await db.update(webhooks).set({ leaseUntil: null }).where(eq(webhooks.id, webhookId));
}

/**
 * The webhook's oldest deliveries still owed, with their events; none once it is turned off. Each
 * carries the webhook's URL and secret as they are now: a worker holding the webhook signs what was
 * queued after a rotation with the new secret, and calls an edited URL.
 */
export async function pendingDeliveries(db: Db, webhookId: string, limit: number) {
  return db
    .select({
      seq: webhookDeliveries.seq,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      eventId: domainEvents.id,
      type: domainEvents.type,
      establishmentId: domainEvents.establishmentId,
      data: domainEvents.data,
      at: domainEvents.at,
      url: webhooks.url,
      secret: webhooks.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.state, 'pending'),
        eq(webhooks.enabled, true),
      ),
    )
    .orderBy(asc(webhookDeliveries.seq))
    .limit(limit);
}

/**
 * A call answered 2xx, in one statement (the common case, so each call costs one round trip): its
 * history row, its delivery done, the webhook no longer failing and still held until `leaseUntil`.
 */
export async function recordDelivered(db: Db, call: CallRecord, leaseUntil: Date): Promise<void> {
  await db.execute(sql`
    WITH called AS (
      INSERT INTO ${webhookCalls} (webhook_id, delivery_seq, at, status, error, excerpt, duration_ms)
      VALUES (${call.webhookId}::uuid, ${call.deliverySeq}, ${call.at.toISOString()}::timestamptz,
              ${call.status}, ${call.error}, ${call.excerpt}, ${call.durationMs})),
    done AS (
      UPDATE ${webhookDeliveries} SET state = 'delivered', attempts = attempts + 1,
             finished_at = ${call.at.toISOString()}::timestamptz
       WHERE seq = ${call.deliverySeq})
    UPDATE ${webhooks} SET failing_since = NULL, lease_until = ${leaseUntil.toISOString()}::timestamptz
     WHERE id = ${call.webhookId}::uuid`);
}

/** Whether a delivery of this webhook is owed now (what a worker releasing it checks last). */
export async function hasDueDelivery(db: Db, webhookId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.state, 'pending'),
        lt(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface CallRecord {
  webhookId: string;
  deliverySeq: number;
  at: Date;
  status: number | null;
  error: string | null;
  excerpt: string;
  durationMs: number;
}

export async function recordCall(db: Db, call: CallRecord) {
  await db.insert(webhookCalls).values(call);
}

/**
 * The call failed: try again at `retryAt`, or give up (`retryAt` null). Answers since when the
 * webhook has been failing.
 */
export async function markFailedCall(
  db: Db,
  webhookId: string,
  seq: number,
  now: Date,
  retryAt: Date | null,
): Promise<Date> {
  await db
    .update(webhookDeliveries)
    .set(
      retryAt
        ? { attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: retryAt }
        : { attempts: sql`${webhookDeliveries.attempts} + 1`, state: 'failed', finishedAt: now },
    )
    .where(eq(webhookDeliveries.seq, seq));
  const [row] = await db
    .update(webhooks)
    .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhooks.id, webhookId))
    .returning({ failingSince: webhooks.failingSince });
  return row?.failingSince ?? now;
}

/** Turn a webhook off after a day of failures; answers false when it was off already. */
export async function disableFailingWebhook(db: Db, webhookId: string): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** Enabled webhooks with a delivery owed now and no worker on them: what the sweep queues again. */
export async function webhooksOwedNow(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: webhooks.id })
    .from(webhooks)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.webhookId, webhooks.id))
    .where(
      and(
        eq(webhooks.enabled, true),
        or(isNull(webhooks.leaseUntil), lt(webhooks.leaseUntil, now)),
        eq(webhookDeliveries.state, 'pending'),
        lt(webhookDeliveries.nextAttemptAt, now),
      ),
    );
  return rows.map((row) => row.id);
}
