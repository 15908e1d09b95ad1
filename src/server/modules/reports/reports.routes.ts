import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/reports.contracts';
import type { AppContext } from '../../context';
import { sendSerialized } from '../../lib/http-cache';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { getDashboard } from './dashboard.service';
import { getFunnel } from './funnel.service';

/** The dashboard and the follower funnel. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getDashboard, {
    handler: async (request, reply) =>
      sendSerialized(reply, await getDashboard(ctx, actorOf(request), request.query)),
  });

  route(app, contracts.getFunnel, {
    handler: async (request) => getFunnel(ctx, actorOf(request), request.query),
  });
}
