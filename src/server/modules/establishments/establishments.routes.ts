import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { setEstablishmentNotificationLimits } from '../../../shared/contracts/notification-limits.contracts';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { type ContractRequest, route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as establishments from './establishments.service';
import { pictureRoutes } from './gallery.routes';
import { memberRoutes } from './members.routes';
import { setNotificationLimits } from './notification-limits.service';
import { publicPageRoutes } from './public-page.routes';

/**
 * Establishments: profiles and states here; members, pictures, and the public page's calls
 * (following, QR codes, the public profile) each in their own file.
 */
export async function establishmentRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listEstablishments, {
    handler: async (request) => establishments.list(ctx, actorOf(request), request.query),
  });

  route(app, contracts.createEstablishment, {
    handler: async (request, reply) => {
      const establishment = await establishments.create(ctx, actorOf(request), request.body);
      reply.status(201);
      return { establishment, message: Msg.establishmentCreated };
    },
  });

  route(app, contracts.createClientWithEstablishment, {
    handler: async (request, reply) => {
      const created = await establishments.signupClient(ctx, actorOf(request), request.body);
      reply.status(201);
      return { ...created, message: Msg.clientAndEstablishmentCreated };
    },
  });

  route(app, contracts.getEstablishment, {
    handler: async (request) => ({
      establishment: await establishments.get(ctx, actorOf(request), request.params.id),
    }),
  });

  route(app, contracts.updateEstablishment, {
    handler: async (request) => ({
      establishment: await establishments.update(ctx, actorOf(request), request.params.id, request.body),
      message: Msg.establishmentUpdated,
    }),
  });

  route(app, setEstablishmentNotificationLimits, {
    handler: async (request) => ({
      establishment: await setNotificationLimits(ctx, actorOf(request), request.params.id, request.body),
      message: Msg.notificationLimitsSaved,
    }),
  });

  const setBlocked =
    (blocked: boolean, message: string) =>
    async (request: ContractRequest<typeof contracts.blockEstablishment>) => ({
      establishment: await establishments.setBlocked(ctx, actorOf(request), request.params.id, blocked),
      message,
    });
  route<typeof contracts.blockEstablishment>(app, contracts.blockEstablishment, {
    handler: setBlocked(true, Msg.establishmentBlockedNow),
  });
  route<typeof contracts.unblockEstablishment>(app, contracts.unblockEstablishment, {
    handler: setBlocked(false, Msg.establishmentUnblocked),
  });

  route(app, contracts.deleteEstablishment, {
    handler: async (request) => {
      await establishments.remove(ctx, actorOf(request), request.params.id);
      return { message: Msg.establishmentDeleted };
    },
  });

  await memberRoutes(app, ctx);
  await pictureRoutes(app, ctx);
  await publicPageRoutes(app, ctx);
}
