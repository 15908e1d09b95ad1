import type { AppContext, AuthedActor } from '../../context';
import { PLATFORM_REPORT_ID } from '../../db/schema';
import { authorize } from '../../lib/authorize';
import { establishmentGone, resourceOf } from '../establishments/establishment-access';
import * as repo from './reports.repo';

/** Whose figures a report reads: one establishment's rows, or the platform's. */
export interface ReportScope {
  /** The rows' establishment_id: the establishment's, or PLATFORM_REPORT_ID. */
  scopeId: string;
  establishmentId: string | null;
  name: string | null;
  /** Where its days are counted. */
  timeZone: string;
}

/**
 * Resolve and authorize the scope before anything else of the request is read: an establishment
 * (404 when missing or deleted, then 'report:read' on it: who manages it), or without one the whole
 * platform ('report:platform': admins), counted in the platform's time zone.
 */
export async function resolveReportScope(
  ctx: AppContext,
  actor: AuthedActor,
  establishmentId: string | undefined,
): Promise<ReportScope> {
  if (establishmentId === undefined) {
    authorize(actor, 'report:platform');
    return {
      scopeId: PLATFORM_REPORT_ID,
      establishmentId: null,
      name: null,
      timeZone: ctx.config.reports.timeZone,
    };
  }
  const row = await repo.findReportEstablishment(ctx.db, establishmentId);
  if (!row || row.deletedAt) throw establishmentGone();
  authorize(actor, 'report:read', resourceOf(row));
  return { scopeId: row.id, establishmentId: row.id, name: row.name, timeZone: row.timeZone };
}
