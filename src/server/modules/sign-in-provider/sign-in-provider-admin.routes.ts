import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/sign-in-provider.contracts';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as admin from './sign-in-provider-admin.service';

/** The admin's side of sign-in through the identity provider: who gets an account, the linked users. */
export async function signInProviderAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getProviderSettings, {
    handler: async (request) => admin.getSettings(ctx, actorOf(request)),
  });

  route(app, contracts.updateProviderSettings, {
    handler: async (request) => admin.updateSettings(ctx, actorOf(request), request.body),
  });

  route(app, contracts.listProviderIdentities, {
    handler: async (request) => admin.listIdentities(ctx, actorOf(request)),
  });

  route(app, contracts.updateProviderIdentity, {
    handler: async (request) => {
      await admin.changeIdentity(ctx, actorOf(request), request.params.id, request.body);
      return { message: request.body.disabled ? Msg.providerIdentityDisabled : Msg.providerIdentityEnabled };
    },
  });

  route(app, contracts.removeProviderIdentity, {
    handler: async (request) => {
      await admin.changeIdentity(ctx, actorOf(request), request.params.id, 'remove');
      return { message: Msg.providerIdentityRemoved };
    },
  });
}
