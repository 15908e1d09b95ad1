import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as members from './members.service';

/** An establishment's members: who follows or operates it. */
export async function memberRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listEstablishmentMembers, {
    handler: async (request) => members.members(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.addEstablishmentMember, {
    handler: async (request) => {
      const { alreadyLinked, ...list } = await members.addMember(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
      );
      // An existing user now follows or operates one more establishment: the user changed (unless
      // they were linked that way already, which is said as such).
      return { ...list, message: alreadyLinked ? Msg.alreadyLinked : Msg.userUpdated };
    },
  });

  route(app, contracts.removeEstablishmentMember, {
    handler: async (request) =>
      members.removeMember(ctx, actorOf(request), request.params.id, request.params.userId),
  });
}
