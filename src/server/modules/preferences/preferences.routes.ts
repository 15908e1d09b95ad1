import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/preferences.contracts';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { audience } from '../notifications/audience.service';
import * as preferences from './preferences.service';

/** Preferences and their groups (admins manage them), the customers' picks, and a targeted send's reach. */
export async function preferenceRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.listPreferences, {
    handler: async () => ({ items: await preferences.listPreferences(ctx) }),
  });

  route(app, contracts.createPreference, {
    handler: async (request, reply) => {
      reply.status(201);
      return {
        preference: await preferences.createPreference(ctx, actorOf(request), request.body),
        message: Msg.preferenceCreated,
      };
    },
  });

  route(app, contracts.updatePreference, {
    handler: async (request) => ({
      preference: await preferences.updatePreference(ctx, actorOf(request), request.params.id, request.body),
      message: Msg.preferenceUpdated,
    }),
  });

  route(app, contracts.deletePreference, {
    handler: async (request) => {
      await preferences.deletePreference(ctx, actorOf(request), request.params.id);
      return { message: Msg.preferenceDeleted };
    },
  });

  route(app, contracts.listPreferenceGroups, {
    handler: async () => ({ items: await preferences.listGroups(ctx) }),
  });

  route(app, contracts.createPreferenceGroup, {
    handler: async (request, reply) => {
      reply.status(201);
      return {
        group: await preferences.createGroup(ctx, actorOf(request), request.body),
        message: Msg.preferenceGroupCreated,
      };
    },
  });

  route(app, contracts.updatePreferenceGroup, {
    handler: async (request) => ({
      group: await preferences.updateGroup(ctx, actorOf(request), request.params.id, request.body),
      message: Msg.preferenceGroupUpdated,
    }),
  });

  route(app, contracts.deletePreferenceGroup, {
    handler: async (request) => {
      await preferences.deleteGroup(ctx, actorOf(request), request.params.id);
      return { message: Msg.preferenceGroupDeleted };
    },
  });

  route(app, contracts.getMyPreferences, {
    handler: async (request) => ({ preferenceIds: await preferences.myPicks(ctx, actorOf(request)) }),
  });

  route(app, contracts.setMyPreferences, {
    handler: async (request) => ({
      preferenceIds: await preferences.setMyPicks(ctx, actorOf(request), request.body.preferenceIds),
      message: Msg.preferencesSaved,
    }),
  });

  route(app, contracts.getEstablishmentAudience, {
    handler: async (request) =>
      audience(ctx, actorOf(request), request.params.id, request.query.preferenceIds),
  });
}
