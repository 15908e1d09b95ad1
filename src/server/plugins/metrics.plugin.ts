import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { observeProcess, registerMetricsRoute } from './metrics-endpoint';

const routeLabels = new WeakMap<FastifyRequest, string>();

/**
 * Name the route of a request answered outside a declared route (the web app's pages, answered by
 * the not-found handler; the built files): a pattern such as `/:establishmentId`, never the URL.
 */
export const labelRoute = (request: FastifyRequest, route: string) => {
  routeLabels.set(request, route);
};

const routeOf = (request: FastifyRequest) =>
  routeLabels.get(request) ?? (request.is404 ? '(not found)' : (request.routeOptions.url ?? '(not found)'));

/**
 * HTTP figures of every answer (by route pattern, method, status), the job queue's depth and push
 * request latency in this process's registry; and GET /metrics in Prometheus text format, only
 * when METRICS_TOKEN is set, and only with it as a bearer token: process figures and delivery
 * counts are for the operator, not the public.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  const { metrics } = ctx;
  observeProcess(ctx);

  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: routeOf(request), method: request.method, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  registerMetricsRoute(app, ctx);
});
