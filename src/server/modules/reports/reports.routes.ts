import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/reports.contracts';
import type { AppContext } from '../../context';
import { sendSerialized } from '../../lib/http-cache';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { getDashboard } from './dashboard.service';
import { getFunnel } from './funnel.service';
import { getPushHealth } from './push-health.service';

/** The dashboard, the follower funnel and permission health. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getDashboard, {
    handler: async (request, reply) =>
      sendSerialized(reply, await getDashboard(ctx, actorOf(request), request.query)),
  });

  route(app, contracts.getFunnel, {
    handler: async (request) => getFunnel(ctx, actorOf(request), request.query),
  });

  route(app, contracts.getPushHealth, {
    handler: async (request) => getPushHealth(ctx, actorOf(request), request.query),
  });
}
