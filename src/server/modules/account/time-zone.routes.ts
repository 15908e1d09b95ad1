import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/time-zone.contracts';
import type { AppContext } from '../../context';
import { deviceTimeZoneOf } from '../../lib/device-time-zone';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as timeZones from './time-zone.service';

/** A follower's own time zone, for sends at each follower's local time. */
export async function timeZoneRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getTimeZone, {
    handler: async (request) => timeZones.getTimeZone(ctx, actorOf(request)),
  });
  route(app, contracts.setTimeZone, {
    handler: async (request) =>
      timeZones.setTimeZone(ctx, actorOf(request), request.body.timeZone, deviceTimeZoneOf(request)),
  });
}
