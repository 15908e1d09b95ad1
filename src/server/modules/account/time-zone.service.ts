import { Msg } from '../../../shared/messages';
import type { AppContext, AuthedActor } from '../../context';
import { authorize } from '../../lib/authorize';
import * as repo from './time-zone.repo';

/** Keep the zone the device reports at sign-in, follow and push subscribe (unless the user chose one). */
export async function recordDeviceTimeZone(ctx: AppContext, userId: string, device: string | null) {
  if (device) await repo.recordDeviceTimeZone(ctx.db, userId, device);
}

export async function getTimeZone(ctx: AppContext, actor: AuthedActor) {
  authorize(actor, 'push:subscribe');
  return { timeZone: await repo.timeZoneOf(ctx.db, actor.id) };
}

/** Choose a zone, or (null) follow the device again, starting with the one this call reports. */
export async function setTimeZone(
  ctx: AppContext,
  actor: AuthedActor,
  chosen: string | null,
  device: string | null,
) {
  authorize(actor, 'push:subscribe');
  await repo.chooseTimeZone(ctx.db, actor.id, chosen, device);
  return {
    timeZone: await repo.timeZoneOf(ctx.db, actor.id),
    message: chosen ? Msg.timeZoneSaved : Msg.timeZoneFollowsDevice,
  };
}
