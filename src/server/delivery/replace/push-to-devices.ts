import type { PushMessage } from '../../../shared/push/payload';
import type { AppContext } from '../../context';
import type { PushOptions, PushResult } from '../../push/push-sender';
import { deleteSubscriptions } from '../channels/push/device-health.repo';

export interface DirectPush {
  device: { id: string; endpoint: string; p256dh: string; auth: string };
  message: PushMessage;
}

/**
 * The withdrawal of a notification from the devices it reached: one message per device, outside the
 * delivery rows (those are the notification's, already sent; the replace job's page is tried again
 * as a whole). Each message is encrypted for its device and posted; devices the push service says
 * are gone are forgotten. Returns each push's outcome, in order ('payload' where the device's keys
 * are unusable). Every other push is a send's delivery (personal sends for notices).
 */
export async function pushToDevices(
  ctx: AppContext,
  pushes: DirectPush[],
  options: PushOptions,
): Promise<PushResult['kind'][]> {
  if (pushes.length === 0) return [];
  const bodies = await ctx.push.encryption.encrypt(
    pushes.map(({ device, message }) => ({
      p256dh: device.p256dh,
      auth: device.auth,
      payload: Buffer.from(JSON.stringify(message)),
    })),
  );
  const outcomes = await Promise.all(
    pushes.map(async ({ device }, i): Promise<PushResult['kind']> => {
      const body = bodies[i];
      if (!body) return 'payload';
      return (await ctx.push.sender.post(device.endpoint, body, options)).kind;
    }),
  );
  const gone = pushes.filter((_, i) => outcomes[i] === 'gone').map(({ device }) => device.id);
  if (gone.length > 0) await deleteSubscriptions(ctx.database.sql, gone);
  return outcomes;
}
