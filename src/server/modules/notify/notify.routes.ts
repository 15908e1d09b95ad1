import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/notify.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as notify from './notify.service';

/** Each follower's choice per business, and the links of notification emails. */
export async function notifyRoutes(app: FastifyInstance, ctx: AppContext) {
  // RFC 8058: the mail client's one-click unsubscribe is a form POST ("List-Unsubscribe=One-Click").
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  route(app, contracts.listMyFollows, {
    handler: async (request) => notify.listFollows(ctx, actorOf(request)),
  });

  route(app, contracts.setNotifyChoice, {
    handler: async (request) => notify.setChoice(ctx, actorOf(request), request.params.id, request.body),
  });

  const perMinute = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  route(app, contracts.getUnsubscribeInfo, {
    config: perMinute,
    handler: async (request) => notify.unsubscribeInfo(ctx, request.params.token),
  });

  route(app, contracts.unsubscribeEmail, {
    config: perMinute,
    handler: async (request) => ({ message: await notify.unsubscribe(ctx, request.params.token) }),
  });

  route(app, contracts.openFromEmail, {
    config: perMinute,
    handler: async (request, reply) =>
      reply.redirect(await notify.openFromEmail(ctx, request.params.token), 302),
  });
}
