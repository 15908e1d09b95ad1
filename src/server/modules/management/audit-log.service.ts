import { z } from 'zod';
import { writeOutcome } from '../../../shared/audit-actions';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import {
  type AdminActivity,
  type AuditEntry,
  type AuditLog,
  type AuditLogQuery,
  momentBounds,
} from '../../../shared/schemas/user-management.schema';
import * as repo from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';

const toAuditEntry = (row: repo.AuditRowWithRole): AuditEntry => ({
  id: row.id,
  actorId: row.actorId,
  actorName: row.actorName,
  action: row.action,
  targetUserId: row.targetUserId,
  targetEstablishmentId: row.targetEstablishmentId,
  targetLabel: row.targetLabel,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
  actorRole: row.actorRole ?? row.actorRoleNow,
  outcome: writeOutcome(row.detail),
});

// What a cursor must hold before it reaches SQL: a cast of anything else would fail there.
const CursorSchema = z.tuple([z.string().regex(/^\d{1,18}$/), z.uuid()]);

const encodeCursor = (cursor: repo.AuditCursor) =>
  Buffer.from(JSON.stringify([cursor.micros, cursor.id])).toString('base64url');

function decodeCursor(cursor: string | undefined): repo.AuditCursor | null {
  if (!cursor) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  const parsed = CursorSchema.safeParse(parts);
  if (!parsed.success)
    throw new AppError(400, ErrorCode.VALIDATION, Msg.invalidCursor, { cursor: Msg.invalidCursor });
  return { micros: parsed.data[0], id: parsed.data[1] };
}

/** The audit log for admins: newest first, paged by cursor, filtered by action, actor, user, business and dates. */
export async function listAuditLog(
  ctx: AppContext,
  actor: AuthedActor,
  query: AuditLogQuery,
): Promise<AuditLog> {
  authorize(actor, 'auditLog:read');
  const { action, from, to, cursor, ...filters } = query;
  const { items, last, more } = await repo.listAudit(
    ctx.db,
    {
      ...filters,
      actions: action,
      from: from ? momentBounds(from).start : undefined,
      to: to ? momentBounds(to).end : undefined,
    },
    decodeCursor(cursor),
  );
  return { items: items.map(toAuditEntry), nextCursor: more && last ? encodeCursor(last) : null };
}

/** How much of it a person sees in their account: enough for the weeks an admin might act. */
const ADMIN_ACTIVITY_SHOWN = 50;

/**
 * What admins did in or to the signed-in user's account: anyone may read their own. The
 * admin's name is shown, as in the log; nothing else about the admin.
 */
export async function listMyAdminActivity(ctx: AppContext, actor: AuthedActor): Promise<AdminActivity> {
  const rows = await repo.listAboutUser(ctx.db, actor.id, ADMIN_ACTIVITY_SHOWN);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      adminName: row.actorName,
      createdAt: row.createdAt.toISOString(),
      operation: typeof row.detail.operation === 'string' ? row.detail.operation : null,
      outcome: writeOutcome(row.detail),
    })),
  };
}
