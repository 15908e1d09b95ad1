import type { z } from 'zod';
import { ErrorCode } from '../../../shared/errors';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import {
  type NotificationLimitsBodySchema,
  notificationLimitProblems,
} from '../../../shared/schemas/notification-limits.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext, AuthedActor } from '../../context';
import { establishmentUpdatedEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { authorizeEdit, loadEstablishment, reloadDto } from './establishment-access';
import * as repo from './establishments.repo';

type Limits = z.output<typeof NotificationLimitsBodySchema>;

/**
 * A business's managers (whoever may edit it) choose how often a follower may be notified; null
 * goes back to the platform's default. Recorded and announced as a profile change is
 * (establishment.updated, changed: notificationLimits).
 */
export async function setNotificationLimits(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  limits: Limits,
): Promise<Establishment> {
  const row = await loadEstablishment(ctx, id);
  authorizeEdit(actor, row);
  const { perDay, perWeek, maxPerDay, maxPerWeek } = ctx.config.fatigue;
  const platform = { defaultPerDay: perDay, defaultPerWeek: perWeek, maxPerDay, maxPerWeek };
  const problems = notificationLimitProblems(limits, platform);
  const first = Object.values(problems)[0];
  if (first) throw new AppError(400, ErrorCode.VALIDATION, first, problems);
  if (row.notifyPerDay === limits.perDay && row.notifyPerWeek === limits.perWeek)
    return reloadDto(ctx, row.id);
  await withOutbox(ctx, async ({ db, emit }) => {
    await repo.updateEstablishment(db, row.id, {
      notifyPerDay: limits.perDay,
      notifyPerWeek: limits.perWeek,
    });
    const changed = ['notificationLimits'];
    await auditOnBehalf(db, actor, row, { action: 'establishment.update', detail: { changed } });
    await emit(establishmentUpdatedEvent(row.id, actor.id, changed));
  });
  return reloadDto(ctx, row.id);
}
