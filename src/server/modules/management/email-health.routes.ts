import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/management.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { emailHealth } from './email-health.service';

/** GET /api/management/email-health (admins). */
export async function emailHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getEmailHealth, {
    handler: async (request) => emailHealth(ctx, actorOf(request)),
  });
}
