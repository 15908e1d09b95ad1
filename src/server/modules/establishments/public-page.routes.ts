import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { VISIT_SOURCE_PARAM } from '../../../shared/schemas/report-sources';
import type { AppContext } from '../../context';
import { deviceTimeZoneOf } from '../../lib/device-time-zone';
import { attachment } from '../../lib/download-names';
import { sendCachedJson } from '../../lib/http-cache';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import { coalesced, perIpPerMinute } from '../../plugins/rate-limit.plugin';
import { recordDeviceTimeZone } from '../account';
import * as publicPage from './public-page.service';
import { qrCode } from './qr';

/** What a business's public page calls: follow and unfollow, its QR codes, its public profile. */
export async function publicPageRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.followEstablishment, {
    handler: async (request) => {
      const actor = actorOf(request);
      const followed = await publicPage.follow(ctx, actor, request.params.id, request.body?.source);
      await recordDeviceTimeZone(ctx, actor.id, deviceTimeZoneOf(request));
      return followed;
    },
  });

  route(app, contracts.unfollowEstablishment, {
    handler: async (request) => publicPage.unfollow(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.getEstablishmentQr, {
    config: { rateLimit: coalesced(perIpPerMinute(ctx.config.publicRateLimitPerMinute)) },
    handler: async (request, reply) => {
      const { url, name } = await publicPage.publicUrlOf(ctx, request.params.id);
      const { format, size, download, source } = request.query;
      // The address carries the visit source, so the funnel counts what the printed code brought.
      const encoded = `${url}?${VISIT_SOURCE_PARAM}=${source}`;
      // Drawn once per address, size and format, then read from DATA_DIR/qr (qr.ts).
      const code = await qrCode(ctx.config.dataDir, encoded, format, size);
      // "Café Roma" -> Cafe-Roma-qr.png, with Café-Roma-qr.png for the browsers that read filename*.
      if (download) reply.header('content-disposition', attachment(name, `-qr.${format}`, 'business'));
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type(format === 'png' ? 'image/png' : 'image/svg+xml').send(code);
    },
  });

  // Signed-in callers also learn whether they follow it; guests get the same page ('optionalSignIn').
  // Serialized once per business and cached (public-profile-cache.ts); ETag and Cache-Control, 304.
  route(app, contracts.getPublicEstablishment, {
    config: { rateLimit: coalesced(perIpPerMinute(ctx.config.publicRateLimitPerMinute)) },
    handler: async (request, reply) =>
      sendCachedJson(
        request,
        reply,
        await publicPage.publicProfileAnswer(ctx, request.actor, request.params.id),
      ),
  });
}
