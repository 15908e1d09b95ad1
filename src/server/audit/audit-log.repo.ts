import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type AuditLogRow, auditLog, users } from '../db/schema';

/** What one admin action records; `actorName` defaults to the actor's name at the time. */
export interface AuditEntryInput {
  actorId: string;
  actorName?: string;
  /** e.g. user.update, user.delete, user.impersonate, establishment.block, customer.create. */
  action: string;
  targetUserId?: string | null;
  targetEstablishmentId?: string | null;
  /** Who or what it was done to, as a person reads it: "Name <email>", or an establishment's name. */
  targetLabel: string | SQL<string>;
  /** What changed; never a password or a token. */
  detail?: Record<string, unknown>;
}

/**
 * Record an admin action. Call it with the transaction's handle of the action itself, so the action
 * and its record are stored together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<string> {
  // The name is copied, not joined when read: the record outlives the actor's account.
  const actorName =
    entry.actorName ??
    sql<string>`coalesce((SELECT trim(${users.firstName} || ' ' || ${users.lastName}) FROM ${users} WHERE ${users.id} = ${entry.actorId}), '')`;
  // The role too, as it is when they act: a representative stays one in the log after a promotion.
  const actorRole = sql<
    AuditLogRow['actorRole']
  >`(SELECT ${users.role} FROM ${users} WHERE ${users.id} = ${entry.actorId})`;
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      actorName,
      actorRole,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      targetEstablishmentId: entry.targetEstablishmentId ?? null,
      targetLabel: entry.targetLabel,
      detail: entry.detail ?? {},
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

/**
 * A write made with a "log in as" session: recorded before the write runs, so no change
 * made with a borrowed session is without a trace; its status is added once answered.
 */
export function recordImpersonatedWrite(
  db: Db,
  entry: { adminId: string; userId: string; operation: string; request: string },
): Promise<string> {
  return recordAudit(db, {
    actorId: entry.adminId,
    action: 'impersonation.write',
    targetUserId: entry.userId,
    // As userLabel() writes it, read in the same statement: the plugin knows only the user's id.
    targetLabel: sql<string>`coalesce((SELECT trim(${users.firstName} || ' ' || ${users.lastName}) || ' <' || ${users.email} || '>' FROM ${users} WHERE ${users.id} = ${entry.userId}), ${entry.userId}::text)`,
    detail: { operation: entry.operation, request: entry.request },
  });
}

/** The answer's status on a recorded write (a refused one shows as refused). */
export async function settleImpersonatedWrite(db: Db, id: string, status: number): Promise<void> {
  await db
    .update(auditLog)
    .set({ detail: sql`${auditLog.detail} || jsonb_build_object('status', ${status}::int)` })
    .where(eq(auditLog.id, id));
}

/** A position in the log: the last row's time (microseconds since the epoch, exact) and id. */
export interface AuditCursor {
  micros: string;
  id: string;
}

// The stored time to the microsecond as an integer: a JavaScript Date would round it to the
// millisecond, and a page would then skip or repeat rows written within the same millisecond.
const microsOf = sql<string>`(extract(epoch FROM ${auditLog.createdAt}) * 1000000)::bigint::text`;

/** The log's filters, combined; `from` and `to` are instants (ISO 8601), both included. */
export interface AuditFilters {
  targetUserId?: string;
  actions?: string[];
  actorId?: string;
  establishmentId?: string;
  from?: string;
  to?: string;
}

/** An entry with its actor's role: as recorded, else (an entry older than the record) the account's role now. */
export type AuditRowWithRole = AuditLogRow & { actorRoleNow: AuditLogRow['actorRole'] };

/** A page of the log, newest first, after `after` (a previous page's last row), filtered. */
export async function listAudit(
  db: Db,
  query: AuditFilters & { limit: number },
  after: AuditCursor | null,
): Promise<{ items: AuditRowWithRole[]; last: AuditCursor | null; more: boolean }> {
  const conditions: (SQL | undefined)[] = [
    query.targetUserId ? eq(auditLog.targetUserId, query.targetUserId) : undefined,
    query.actions?.length ? inArray(auditLog.action, query.actions) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.establishmentId ? eq(auditLog.targetEstablishmentId, query.establishmentId) : undefined,
    query.from ? gte(auditLog.createdAt, sql`${query.from}::timestamptz`) : undefined,
    query.to ? lte(auditLog.createdAt, sql`${query.to}::timestamptz`) : undefined,
    after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
      : undefined,
  ];
  const rows = await db
    .select({ entry: auditLog, micros: microsOf, actorRoleNow: users.role })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const tail = page.at(-1);
  return {
    items: page.map((row) => ({ ...row.entry, actorRoleNow: row.actorRoleNow })),
    last: tail ? { micros: tail.micros, id: tail.entry.id } : null,
    more: rows.length > query.limit,
  };
}

/** The newest entries about one user, for their own account page. */
export async function listAboutUser(db: Db, userId: string, limit: number): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetUserId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
