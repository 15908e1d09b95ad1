import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/quiet-hours.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as quietHours from './quiet-hours.service';

/** A follower's quiet hours. */
export async function quietHoursRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getQuietHours, {
    handler: async (request) => quietHours.getQuietHours(ctx, actorOf(request)),
  });

  route(app, contracts.setQuietHours, {
    handler: async (request) => quietHours.setQuietHours(ctx, actorOf(request), request.body),
  });
}
