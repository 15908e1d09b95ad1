import { Msg } from '../../../shared/messages';
import type { EmailPause, EmailPauseList } from '../../../shared/schemas/email-complaints.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import { executorOf, type SqlExecutor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { findEstablishmentRef } from '../notifications';
import * as repo from './complaints.repo';

/** A business's email paused for its spam complaints: what the compose form and the admins read, and its lifting. */

const toDto = (pause: repo.EmailPause, limit: number): EmailPause => ({
  since: pause.pausedAt.toISOString(),
  complaints: pause.complaints,
  emails: pause.emails,
  limit,
});

/** The business's pause in force, as its compose form shows it; null while its email goes out. */
export async function emailPauseOf(ctx: AppContext, sql: SqlExecutor, establishmentId: string) {
  const pause = await repo.activePause(sql, establishmentId);
  return pause ? toDto(pause, ctx.config.complaints.pauseShare) : null;
}

/** Every business whose email is paused (admins). */
export async function listPauses(ctx: AppContext, actor: AuthedActor): Promise<EmailPauseList> {
  authorize(actor, 'user:admin');
  const limit = ctx.config.complaints.pauseShare;
  const rows = await repo.activePauses(ctx.database.sql);
  return {
    limit,
    items: rows.map((row) => ({
      ...toDto(row, limit),
      establishment: { id: row.establishmentId, name: row.name },
    })),
  };
}

export const EMAIL_PAUSE_LIFTED = 'Email from this business goes out again.';
const NOT_PAUSED = 'Email from this business is not paused.';

/** Let a business's email go again (admins), recorded in the audit log with the figures that paused it. */
export async function liftPause(
  ctx: AppContext,
  actor: AuthedActor,
  establishmentId: string,
): Promise<string> {
  authorize(actor, 'establishment:emailResume');
  const establishment = await findEstablishmentRef(ctx.db, establishmentId);
  if (!establishment) throw notFound(Msg.establishmentNotFound);
  await ctx.db.transaction(async (tx) => {
    const lifted = await repo.liftPause(executorOf(tx), establishment.id, actor.id);
    if (!lifted) throw notFound(NOT_PAUSED);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'establishment.emailResume',
      targetEstablishmentId: establishment.id,
      targetLabel: establishment.name,
      detail: {
        pausedAt: lifted.pausedAt.toISOString(),
        complaints: lifted.complaints,
        emails: lifted.emails,
      },
    });
  });
  return EMAIL_PAUSE_LIFTED;
}
