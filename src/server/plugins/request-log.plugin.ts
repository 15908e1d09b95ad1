import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scrubUrl } from '../lib/log-safety';

/** A request slower than this is logged in `errors` mode too. */
export const SLOW_REQUEST_MS = 1_000;

export type LogRequests = 'all' | 'errors' | 'off';

/**
 * One log line per answered request (`all`), or only for server errors (5xx) and slow requests
 * (`errors`), or none (`off`). Replaces Fastify's own request logging (two lines, about 640 bytes
 * per request). The URL is logged without link tokens or query values; the request id joins the
 * line to the request's other log lines.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, { mode }: { mode: LogRequests }) => {
  if (mode === 'off') return;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const slow = ms >= SLOW_REQUEST_MS;
    if (mode === 'errors' && status < 500 && !slow) return;
    const line = { method: request.method, url: scrubUrl(request.url), status, ms: Math.round(ms) };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (slow) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request');
  });
});
