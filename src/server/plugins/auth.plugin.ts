import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, AuthedActor } from '../context';
import { readAccessToken } from '../lib/access-tokens';
import { unauthorized } from '../lib/app-error';
import { findSessionActor } from '../modules/account/account.repo';

declare module 'fastify' {
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

/** Bearer tokens: signature and expiry (jose), then a live session and the current token version. */
export const authPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const claims = await readAccessToken(ctx.config.jwtSecret, token);
    if (!claims) throw unauthorized();
    // One statement: the session, its user and their memberships.
    const live = await findSessionActor(ctx.db, claims.sid);
    if (!live || live.userId !== claims.sub || live.tokenVersion !== claims.ver) throw unauthorized();
    request.actor = {
      id: live.userId,
      role: live.role,
      emailVerified: live.emailVerified,
      establishments:
        typeof live.establishments === 'string' ? JSON.parse(live.establishments) : live.establishments,
      sessionId: live.sessionId,
      actingAdminId: live.actingAdminId,
    };
  });
});
