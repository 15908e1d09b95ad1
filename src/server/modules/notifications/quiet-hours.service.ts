import type { z } from 'zod';
import {
  minutesOf,
  type QuietHours,
  type QuietHoursBodySchema,
  timeOf,
} from '../../../shared/schemas/quiet-hours.schema';
import type { AppContext, AuthedActor } from '../../context';
import { executorOf } from '../../db/client';
import { type QuietHoursSetting, queueReleased, releaseDeferredOf } from '../../delivery';
import { withOutbox } from '../../events/outbox';
import { authorize } from '../../lib/authorize';
import * as repo from './quiet-hours.repo';

/** What the API answers: "HH:MM" times, all null when off. */
export function toQuietHoursDto(setting: QuietHoursSetting | null): QuietHours {
  return setting
    ? { enabled: true, start: timeOf(setting.start), end: timeOf(setting.end), timeZone: setting.timeZone }
    : { enabled: false, start: null, end: null, timeZone: null };
}

/** The caller's own quiet hours (whoever may receive pushes). */
export async function getQuietHours(ctx: AppContext, actor: AuthedActor): Promise<QuietHours> {
  authorize(actor, 'push:subscribe');
  return toQuietHoursDto(await repo.quietHoursOf(ctx.db, actor.id));
}

/**
 * Set or turn off the caller's quiet hours. What the old setting held back is let go at once, in
 * the same transaction: its batches run again and hold back only what the new setting covers.
 */
export async function setQuietHours(
  ctx: AppContext,
  actor: AuthedActor,
  body: z.output<typeof QuietHoursBodySchema>,
): Promise<QuietHours> {
  authorize(actor, 'push:subscribe');
  const setting: QuietHoursSetting | null =
    body.enabled && body.start && body.end && body.timeZone
      ? { start: minutesOf(body.start), end: minutesOf(body.end), timeZone: body.timeZone }
      : null;
  await withOutbox(ctx, async (outbox) => {
    const sql = executorOf(outbox.db);
    await repo.saveQuietHours(outbox.db, actor.id, setting);
    const released = await releaseDeferredOf(sql, actor.id);
    await queueReleased(ctx, sql, outbox, released, `${actor.id}|${Date.now()}`);
  });
  return toQuietHoursDto(setting);
}
