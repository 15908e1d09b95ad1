import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import type { ApiKeyScope } from '../../shared/permissions';
import type { AppContext, AuthedActor } from '../context';
import { readAccessToken } from '../lib/access-tokens';
import { AppError, unauthorized } from '../lib/app-error';
import type { AuthPorts, SessionActor } from '../lib/plugin-ports';
import { SharedReads } from '../lib/shared-reads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API key scope that may call the route (its contract's `apiKey`); without it keys are refused. */
    apiKey?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes that do not require it. */
    actor: AuthedActor | null;
  }
  interface FastifyInstance {
    /** preHandler: resolve the bearer token to a live session, or answer 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function actorOf(request: FastifyRequest): AuthedActor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Bearer tokens: signature and expiry (jose), then a live session and the current token version.
 * Sessions and API keys are read through ports the account and api-keys modules implement (app.ts).
 */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthPorts & { ctx: AppContext }) => {
  const { ctx, sessionActor, apiKeys } = options;
  app.decorateRequest('actor', null);
  // A page load sends its calls together, with one token: they share the session's read when it
  // starts after each of them came (SharedReads), so a revoked session or a bumped token version
  // is seen by every request that came after it, as with a read of its own.
  const sessionReads = new SharedReads<SessionActor | undefined>();
  // Every request made with an API key counts against its key's one limit, on whatever route;
  // refused ones too, so a key cannot probe without limit.
  const keyOf = new WeakMap<FastifyRequest, string>();
  const perKey = app.createRateLimit({
    max: ctx.config.apiKeyRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${keyOf.get(request) ?? ''}`,
  });
  /**
   * `Authorization: Bearer bk_…`: a live key, from an address that has not used up its failed
   * attempts, within its limit, on a route that takes its scope.
   */
  const authenticateKey = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const key = await apiKeys.find(request, reply, token);
    keyOf.set(request, key.id);
    const limit = await perKey(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.rateLimited);
    }
    request.actor = await apiKeys.admit(key, request.routeOptions.config.apiKey);
  };
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    if (apiKeys.looksLikeKey(token)) return authenticateKey(request, reply, token);
    const claims = await readAccessToken(ctx.config.jwtSecret, token);
    if (!claims) throw unauthorized();
    // One statement: the session, its user and their memberships.
    const live = await sessionReads.read(claims.sid, () => sessionActor(claims.sid));
    if (!live || live.userId !== claims.sub || live.tokenVersion !== claims.ver) throw unauthorized();
    request.actor = {
      id: live.userId,
      role: live.role,
      emailVerified: live.emailVerified,
      provisional: live.provisional,
      guest: live.guest,
      establishments:
        typeof live.establishments === 'string' ? JSON.parse(live.establishments) : live.establishments,
      sessionId: live.sessionId,
      actingAdminId: live.actingAdminId,
    };
  });
});
