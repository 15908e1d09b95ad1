import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/account.contracts';
import type { AppContext } from '../../context';
import { deviceTimeZoneOf } from '../../lib/device-time-zone';
import { route } from '../../lib/route';
import * as guests from './guest.service';
import { recordDeviceTimeZone } from './time-zone.service';

/** Following with one tap and no account: the device's push subscription makes a guest follower. */
export async function guestRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.followAsGuest, {
    // Per IP per hour (a bar's customers share its Wi-Fi); per business in the service.
    config: { rateLimit: { max: ctx.config.guestFollowsPerHour.perIp, timeWindow: 3_600_000 } },
    handler: async (request, reply) => {
      const followed = await guests.followAsGuest(ctx, request.body, {
        userAgent: request.headers['user-agent'] ?? '',
      });
      await recordDeviceTimeZone(ctx, followed.user.id, deviceTimeZoneOf(request));
      reply.status(201);
      return followed;
    },
  });
}
