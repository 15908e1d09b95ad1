import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, AuthedActor } from '../context';
import { readAccessToken } from '../lib/access-tokens';
import { unauthorized } from '../lib/app-error';
import { findLiveSession, listMemberships } from '../modules/account/account.repo';

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
    const live = await findLiveSession(ctx.db, claims.sid);
    if (!live || live.user.id !== claims.sub || live.user.tokenVersion !== claims.ver) throw unauthorized();
    request.actor = {
      id: live.user.id,
      role: live.user.role,
      emailVerified: live.user.emailVerified,
      establishments: await listMemberships(ctx.db, live.user.id),
      sessionId: live.session.id,
      actingAdminId: live.session.actingAdminId,
    };
  });
});
