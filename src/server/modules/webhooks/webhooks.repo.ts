import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  domainEvents,
  establishments,
  memberships,
  users,
  webhookCalls,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';

/** What the operators' list shows of each webhook (never its secret). */
const listed = {
  id: webhooks.id,
  url: webhooks.url,
  description: webhooks.description,
  events: webhooks.events,
  enabled: webhooks.enabled,
  disabledReason: webhooks.disabledReason,
  failingSince: webhooks.failingSince,
  createdAt: webhooks.createdAt,
  // The outer row named in full: drizzle writes a lone table's columns unqualified, which inside
  // these subqueries would name the subquery's own columns.
  pending: sql<number>`(SELECT count(*)::int FROM webhook_deliveries d
    WHERE d.webhook_id = "webhooks"."id" AND d.state = 'pending')`,
  lastCallAt: sql<Date | null>`(SELECT max(c.at) FROM webhook_calls c WHERE c.webhook_id = "webhooks"."id")`,
  lastCallStatus: sql<number | null>`(SELECT c.status FROM webhook_calls c
    WHERE c.webhook_id = "webhooks"."id" ORDER BY c.at DESC LIMIT 1)`,
};
export type WebhookRow = Awaited<ReturnType<typeof listWebhooks>>[number];

export async function listWebhooks(db: Db, establishmentId: string) {
  return db
    .select(listed)
    .from(webhooks)
    .where(eq(webhooks.establishmentId, establishmentId))
    .orderBy(webhooks.createdAt, webhooks.id);
}

export async function findWebhook(db: Db, establishmentId: string, webhookId: string) {
  const [row] = await db
    .select(listed)
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.establishmentId, establishmentId)));
  return row;
}

export async function countWebhooks(db: Db, establishmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhooks)
    .where(eq(webhooks.establishmentId, establishmentId));
  return row?.n ?? 0;
}

export async function insertWebhook(db: Db, values: typeof webhooks.$inferInsert): Promise<string> {
  const [row] = await db.insert(webhooks).values(values).returning({ id: webhooks.id });
  return row!.id;
}

/** Change a webhook; answers false when it is not this establishment's. */
export async function updateWebhook(
  db: Db,
  establishmentId: string,
  webhookId: string,
  patch: Partial<
    Pick<
      typeof webhooks.$inferInsert,
      'url' | 'events' | 'description' | 'enabled' | 'disabledReason' | 'failingSince' | 'secret'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.establishmentId, establishmentId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export async function deleteWebhook(db: Db, establishmentId: string, webhookId: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.establishmentId, establishmentId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The webhook's last calls, newest first, with the event each carried. */
export async function listCalls(db: Db, webhookId: string, limit: number) {
  return db
    .select({
      id: webhookCalls.id,
      deliveryId: webhookCalls.deliverySeq,
      messageId: domainEvents.id,
      eventType: domainEvents.type,
      at: webhookCalls.at,
      status: webhookCalls.status,
      error: webhookCalls.error,
      excerpt: webhookCalls.excerpt,
      durationMs: webhookCalls.durationMs,
      deliveryState: webhookDeliveries.state,
    })
    .from(webhookCalls)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.seq, webhookCalls.deliverySeq))
    .innerJoin(domainEvents, eq(domainEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookCalls.webhookId, webhookId))
    .orderBy(desc(webhookCalls.at), desc(webhookCalls.id))
    .limit(limit);
}

/** Owe a delivery again (Resend): the same event, so the same webhook-id. False when not this webhook's. */
export async function resendDelivery(db: Db, webhookId: string, seq: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      createdAt: sql`now()`,
      finishedAt: null,
    })
    .where(and(eq(webhookDeliveries.seq, seq), eq(webhookDeliveries.webhookId, webhookId)))
    .returning({ seq: webhookDeliveries.seq });
  return rows.length > 0;
}

/** A test event for one webhook only (not an event of the business: no other webhook gets it). */
export async function insertTestDelivery(
  db: Db,
  webhookId: string,
  establishmentId: string,
  actorId: string,
  event: { type: string; data: Record<string, unknown> },
) {
  const [inserted] = await db
    .insert(domainEvents)
    .values({ type: event.type, establishmentId, subjectId: webhookId, actorId, data: event.data })
    .returning({ id: domainEvents.id });
  await db.insert(webhookDeliveries).values({ webhookId, eventId: inserted!.id });
}

/** A webhook and the operators of its establishment who have a confirmed address (the disabled notice). */
export async function operatorsToTell(db: Db, webhookId: string) {
  const [webhook] = await db
    .select({
      url: webhooks.url,
      establishmentId: webhooks.establishmentId,
      establishmentName: establishments.name,
    })
    .from(webhooks)
    .innerJoin(establishments, eq(establishments.id, webhooks.establishmentId))
    .where(eq(webhooks.id, webhookId));
  if (!webhook) return { webhook: undefined, operators: [] };
  const operators = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.establishmentId, webhook.establishmentId),
        eq(memberships.kind, 'client'),
        eq(users.emailVerified, true),
      ),
    );
  return { webhook, operators };
}
