import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /metrics in Prometheus text format, only when METRICS_TOKEN is set, and only with it as a
 * bearer token: process figures and delivery counts are for the operator, not the public.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const token = ctx.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ error: Msg.notFound, code: ErrorCode.NOT_FOUND });
    if (!same(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).send({ error: Msg.unauthorized, code: ErrorCode.UNAUTHORIZED });
    }
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
}
