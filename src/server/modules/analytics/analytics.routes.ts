import type { FastifyInstance } from 'fastify';
import { recordPageView } from '../../../shared/contracts/reports.contracts';
import { consentChoiceOf } from '../../../shared/storage-names';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { coalesced, perIpPerMinute } from '../../plugins/rate-limit.plugin';
import * as analytics from './analytics.service';

/** First-party page-view analytics: the web app's route changes. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, recordPageView, {
    config: { rateLimit: coalesced(perIpPerMinute(ctx.config.analytics.pageViewRateLimitPerMinute)) },
    handler: async (request, reply) => {
      // The web app sends a view only after "Accept". One that arrives with the cookie of "Only
      // necessary" (a tab that still ran an older choice) is answered alike and not counted.
      if (consentChoiceOf(request.headers.cookie) === 'necessary') return reply.status(204).send(null);
      await analytics.recordPageView(
        ctx,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        request.body,
      );
      return reply.status(204).send(null);
    },
  });
}
