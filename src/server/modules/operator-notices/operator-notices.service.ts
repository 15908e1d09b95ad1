import type { OperatorNoticeSettings } from '../../../shared/schemas/operator-notice.schema';
import type { AppContext, AuthedActor } from '../../context';
import { authorize } from '../../lib/authorize';
import * as repo from './operator-notices.repo';

/** The caller's email notice setting (an operator; hourly until they choose). */
export async function getSettings(ctx: AppContext, actor: AuthedActor): Promise<OperatorNoticeSettings> {
  authorize(actor, 'user:client');
  return { cadence: await repo.cadenceOf(ctx.db, actor.id) };
}

/** Set how often the caller is emailed; windows already queued follow the new choice when they end. */
export async function setSettings(
  ctx: AppContext,
  actor: AuthedActor,
  body: OperatorNoticeSettings,
): Promise<OperatorNoticeSettings> {
  authorize(actor, 'user:client');
  await repo.setCadence(ctx.db, actor.id, body.cadence);
  return { cadence: body.cadence };
}
