import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (a strict CSP, nosniff, frame and referrer policies...) on every answer.
 * Helmet's middleware is built once, here: @fastify/helmet rebuilt it from the options on every
 * request, a visible share of a feed request's CPU under load.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
