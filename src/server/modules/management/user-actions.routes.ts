import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/management.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as actions from './user-actions.service';

/** The admin's actions on a user: log in as them (and back), reset their password, resend verification. */
export async function userActionRoutes(app: FastifyInstance, ctx: AppContext) {
  const meta = (userAgent: string | undefined) => ({ userAgent: userAgent ?? '' });

  route(app, contracts.impersonateUser, {
    handler: async (request) =>
      actions.impersonate(ctx, actorOf(request), request.params.id, meta(request.headers['user-agent'])),
  });

  // Under /api/account because the impersonated session calls it, but it belongs with "log in as".
  route(app, contracts.endImpersonation, {
    handler: async (request) =>
      actions.endImpersonation(ctx, actorOf(request), meta(request.headers['user-agent'])),
  });

  route(app, contracts.resetUserPassword, {
    handler: async (request) => ({
      message: await actions.resetUserPassword(ctx, actorOf(request), request.params.id),
    }),
  });

  route(app, contracts.sendUserVerification, {
    handler: async (request) => ({
      message: await actions.sendUserVerification(ctx, actorOf(request), request.params.id),
    }),
  });
}
