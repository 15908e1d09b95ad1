import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/operator-notices.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as notices from './operator-notices.service';

/** An operator's email notices of new comments and messages. */
export async function operatorNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getOperatorNotices, {
    handler: async (request) => notices.getSettings(ctx, actorOf(request)),
  });

  route(app, contracts.setOperatorNotices, {
    handler: async (request) => notices.setSettings(ctx, actorOf(request), request.body),
  });
}
