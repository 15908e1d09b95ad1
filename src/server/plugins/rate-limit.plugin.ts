import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { databaseRateLimitStore } from '../lib/rate-limit-store';

/**
 * @fastify/rate-limit with its counters in the database (lib/rate-limit-store.ts), on PostgreSQL
 * and on PGlite alike: on PostgreSQL every web process counts against one limit; on PGlite (one
 * process) the same table keeps the counts across restarts, and one code path is what the tests
 * exercise. Limits are per route (`config: { rateLimit }`), none global. A refusal is a 429
 * `{ error, code: RATE_LIMITED }` with Retry-After (error-handler.plugin.ts).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx.db, ctx.log) as unknown as FastifyRateLimitStoreCtor,
  });
});

/** A route's limit per client IP per minute (each route counted on its own). */
export const perIpPerMinute = (max: number): RateLimitOptions => ({ max, timeWindow: 60_000 });

/**
 * A high-volume public route's limit (a business's profile, its QR codes, the pages, page views):
 * counted in memory between writes while far below the limit (lib/rate-limit-store.ts), so a
 * popular page does not cost a row lock and a commit per request. Sign-in, uploads and the like
 * keep `perIpPerMinute`, written on every request.
 */
export const coalesced = (options: RateLimitOptions): RateLimitOptions =>
  ({ ...options, coalesce: true }) as RateLimitOptions;

/**
 * Picture uploads: per signed-in user per minute, every upload route counted together. The route's
 * access check (onRequest, first) has already named the user.
 */
export const uploadsPerUser = (ctx: AppContext): RateLimitOptions => ({
  max: ctx.config.uploadRateLimitPerMinute,
  timeWindow: 60_000,
  groupId: 'uploads',
  keyGenerator: (request: FastifyRequest) =>
    request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`,
});

/**
 * The web app's pages and every unknown path (web-app.plugin.ts's not-found handler), per IP: a
 * business's server-rendered page reads the database.
 */
export const pagesPerIp = (ctx: AppContext): RateLimitOptions =>
  coalesced({ max: ctx.config.publicRateLimitPerMinute, timeWindow: 60_000, groupId: 'pages' });

/** Comments written or edited: per signed-in user per minute, both routes counted together. */
export const commentsPerUser = (ctx: AppContext): RateLimitOptions => ({
  max: ctx.config.comments.rateLimitPerMinute,
  timeWindow: 60_000,
  groupId: 'comments',
  keyGenerator: (request: FastifyRequest) =>
    request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`,
});
