import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** How long /ready waits for the database and the job queue before it says "not ready". */
const READY_TIMEOUT_MS = 2_000;

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

/**
 * GET /health: the process is up (for a liveness probe: never touches the database).
 * GET /ready: the database and the job queue answer (for a load balancer or a readiness probe); 503 otherwise.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await within(ctx.database.sql.executeSql('SELECT 1'), READY_TIMEOUT_MS);
      await within(ctx.jobs.ping(), READY_TIMEOUT_MS);
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
