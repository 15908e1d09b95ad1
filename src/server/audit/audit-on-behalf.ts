import { type Actor, actsOnBehalfOf } from '../../shared/permissions';
import type { Db } from '../db/client';
import { type AuditEntryInput, recordAudit } from './audit-log.repo';

/** What an on-behalf record says beyond who did it and for which business. */
export type OnBehalfEntry = Pick<AuditEntryInput, 'action' | 'detail' | 'targetUserId'> & {
  /** Who or what it was done to, as a person reads it; the business's name when not given. */
  targetLabel?: string;
};

/**
 * Record, in the caller's transaction, what someone who does not operate a business (an admin, the
 * representative who registered it) did for it: staff speaking for a business is in the audit log,
 * while its operators' own changes (and its API keys') are theirs and are not (actsOnBehalfOf).
 * `entry` may be a function, for a record that needs a read (a person's name): it runs only when
 * there is something to record. Answers whether it recorded.
 */
export async function auditOnBehalf(
  db: Db,
  actor: Actor,
  establishment: { id: string; name: string },
  entry: OnBehalfEntry | (() => Promise<OnBehalfEntry>),
): Promise<boolean> {
  if (!actsOnBehalfOf(actor, { establishmentId: establishment.id })) return false;
  const { targetLabel, ...rest } = typeof entry === 'function' ? await entry() : entry;
  await recordAudit(db, {
    actorId: actor.id,
    targetEstablishmentId: establishment.id,
    targetLabel: targetLabel ?? establishment.name,
    ...rest,
  });
  return true;
}
