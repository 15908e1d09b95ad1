import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import type { AppContext } from '../context';

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Figures read from this process's parts at each scrape: the job queue's depth, push request latency. */
export function observeProcess(ctx: AppContext) {
  const { metrics } = ctx;
  metrics.watchQueues(() => ctx.jobs.sizes());
  ctx.push.sender.observeLatency = (origin, seconds) => metrics.pushLatency.observe({ origin }, seconds);
}

/**
 * GET /metrics in Prometheus text format, only when METRICS_TOKEN is set, and only with it as a
 * bearer token: process figures and delivery counts are for the operator, not the public. The web
 * process and a worker's metrics port (worker-metrics.ts) answer it alike.
 */
export function registerMetricsRoute(app: FastifyInstance, ctx: AppContext) {
  const { metrics } = ctx;
  const token = ctx.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ error: Msg.notFound, code: ErrorCode.NOT_FOUND });
    if (!same(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).send({ error: Msg.unauthorized, code: ErrorCode.UNAUTHORIZED });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
