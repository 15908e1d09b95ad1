import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/birthday.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as birthday from './birthday.service';

/** A follower's birthday, given by choice for the birthday automation. */
export async function birthdayRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getBirthday, {
    handler: async (request) => birthday.getBirthday(ctx, actorOf(request)),
  });
  route(app, contracts.setBirthday, {
    handler: async (request) => birthday.setBirthday(ctx, actorOf(request), request.body),
  });
  route(app, contracts.deleteBirthday, {
    handler: async (request) => birthday.deleteBirthday(ctx, actorOf(request)),
  });
}
