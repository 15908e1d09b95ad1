import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/contact.contracts';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { perIpPerMinute } from '../../plugins/rate-limit.plugin';
import * as contact from './contact.service';

/** /home's contact form and the representatives' list of what it received. */
export async function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.sendContactRequest, {
    // Each request emails a person: per IP, as tight as sign-in (RATE_LIMIT_LOGIN_PER_MINUTE).
    config: { rateLimit: perIpPerMinute(ctx.config.loginRateLimitPerMinute) },
    handler: async (request, reply) => {
      await contact.sendContactRequest(ctx, request.body);
      reply.status(201);
      return { message: Msg.contactRequestSent };
    },
  });

  route(app, contracts.listContactRequests, {
    handler: async (request) => contact.listContactRequests(ctx, actorOf(request), request.query),
  });
}
