import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/management.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as auditLog from './audit-log.service';

/** The admin actions' audit log. */
export async function auditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listAuditLog, {
    handler: async (request) => auditLog.listAuditLog(ctx, actorOf(request), request.query),
  });

  route(app, contracts.listMyAdminActivity, {
    handler: async (request) => auditLog.listMyAdminActivity(ctx, actorOf(request)),
  });
}
