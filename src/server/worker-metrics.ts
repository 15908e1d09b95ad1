import Fastify from 'fastify';
import type { AppContext } from './context';
import { listenOn } from './lib/entry-point';
import { observeProcess, registerMetricsRoute } from './plugins/metrics-endpoint';

export interface WorkerMetricsServer {
  /** The address Prometheus scrapes, `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A worker process's own GET /metrics (its delivery counters, the job queue's depth, push
 * latency), on WORKER_METRICS_PORT and behind METRICS_TOKEN like the web process's: a worker has
 * no HTTP server otherwise, and its deliveries are counted in its own registry. Undefined when
 * WORKER_METRICS_PORT is unset. Port 0 (tests) takes a free port.
 */
export async function startWorkerMetrics(
  ctx: AppContext,
  port = ctx.config.workerMetricsPort,
): Promise<WorkerMetricsServer | undefined> {
  observeProcess(ctx);
  if (port === undefined) return undefined;
  const app = Fastify({
    logger: false,
    requestTimeout: ctx.config.http.requestTimeoutMs,
    keepAliveTimeout: ctx.config.http.keepAliveTimeoutMs,
  });
  registerMetricsRoute(app, ctx);
  await listenOn(app, port, ctx.config.host, 'WORKER_METRICS_PORT');
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  return { url: `http://${host}:${bound}/metrics`, close: () => app.close() };
}
