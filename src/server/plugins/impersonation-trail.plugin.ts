import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordImpersonatedWrite, settleImpersonatedWrite } from '../audit/audit-log.repo';
import type { AppContext } from '../context';
import { scrubUrl } from '../lib/log-safety';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Recorded by their own services, as the start and end of "log in as". */
const RECORDED_ELSEWHERE = new Set(['endImpersonation']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The audit entry of a write made with a "log in as" session, to add its status to. */
    impersonatedWriteId?: string;
  }
}

/**
 * Every write made with a "log in as" session leaves a trace: the acting admin, the
 * user, the operation and its request line, recorded before the handler runs (after the body is
 * validated: a refused body changes nothing), and the answer's status as it is sent. In one place
 * rather than in each service, so a route added later cannot forget it.
 */
export const impersonationTrailPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  app.addHook('preHandler', async (request) => {
    const actor = request.actor;
    const operation = request.routeOptions.config.operationId;
    if (!actor?.actingAdminId || !WRITES.has(request.method) || !operation) return;
    if (RECORDED_ELSEWHERE.has(operation)) return;
    request.impersonatedWriteId = await recordImpersonatedWrite(ctx.db, {
      adminId: actor.actingAdminId,
      userId: actor.id,
      operation,
      request: `${request.method} ${scrubUrl(request.url)}`,
    });
  });
  // Before the answer leaves (onSend, not onResponse): whoever reads the log after the answer sees its status.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.impersonatedWriteId) {
      await settleImpersonatedWrite(ctx.db, request.impersonatedWriteId, reply.statusCode).catch((error) =>
        request.log.error({ err: error }, 'could not record the status of an impersonated write'),
      );
    }
    return payload;
  });
});
