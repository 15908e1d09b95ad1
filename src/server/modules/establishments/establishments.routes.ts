import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { Msg } from '../../../shared/messages';
import { CaptionBodySchema } from '../../../shared/schemas/establishment.schema';
import { VISIT_SOURCE_PARAM } from '../../../shared/schemas/report-sources';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/app-error';
import { sendCachedJson } from '../../lib/http-cache';
import { removeStoredOnFailure } from '../../lib/images';
import { type ContractRequest, route } from '../../lib/route';
import { withImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import { coalesced, perIpPerMinute, uploadsPerUser } from '../../plugins/rate-limit.plugin';
import * as establishments from './establishments.service';
import * as gallery from './gallery.service';
import * as members from './members.service';
import * as publicPage from './public-page.service';
import { qrCode } from './qr';

/** Establishments: profiles, states, members, pictures, following, QR codes (issue 4). */
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

  route(app, contracts.listEstablishmentMembers, {
    handler: async (request) => members.members(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.addEstablishmentMember, {
    handler: async (request) => ({
      ...(await members.addMember(ctx, actorOf(request), request.params.id, request.body)),
      // An existing user now follows or operates one more establishment: the user changed.
      message: Msg.userUpdated,
    }),
  });

  route(app, contracts.removeEstablishmentMember, {
    handler: async (request) =>
      members.removeMember(ctx, actorOf(request), request.params.id, request.params.userId),
  });

  const uploadPicture =
    (which: 'logo' | 'cover') => async (request: ContractRequest<typeof contracts.uploadEstablishmentLogo>) =>
      withImageUpload(request, ctx.config.dataDir, ({ file }) =>
        removeStoredOnFailure(request.log, async () => ({
          establishment: await gallery.setPicture(ctx, actorOf(request), request.params.id, which, file),
          message: Msg.establishmentUpdated,
        })),
      );
  route<typeof contracts.uploadEstablishmentLogo>(app, contracts.uploadEstablishmentLogo, {
    config: { rateLimit: uploadsPerUser(ctx) },
    handler: uploadPicture('logo'),
  });
  route<typeof contracts.uploadEstablishmentCover>(app, contracts.uploadEstablishmentCover, {
    config: { rateLimit: uploadsPerUser(ctx) },
    handler: uploadPicture('cover'),
  });

  route(app, contracts.listEstablishmentGallery, {
    handler: async (request) => ({ items: await gallery.gallery(ctx, request.params.id) }),
  });

  route(app, contracts.addEstablishmentGalleryImage, {
    config: { rateLimit: uploadsPerUser(ctx) },
    handler: async (request, reply) => {
      const image = await withImageUpload(request, ctx.config.dataDir, ({ file, fields }) => {
        // The caption comes as a multipart field, outside the route's schema: a bad one is a 400.
        const parsed = CaptionBodySchema.safeParse({ caption: fields.caption ?? '' });
        if (!parsed.success) throw fieldError('caption', parsed.error.issues[0]!.message);
        const { caption } = parsed.data;
        return removeStoredOnFailure(request.log, () =>
          gallery.addGalleryImage(ctx, actorOf(request), request.params.id, file, caption),
        );
      });
      reply.status(201);
      return image;
    },
  });

  route(app, contracts.captionEstablishmentGalleryImage, {
    handler: async (request) =>
      gallery.captionGalleryImage(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.imageId,
        request.body.caption,
      ),
  });

  route(app, contracts.deleteEstablishmentGalleryImage, {
    handler: async (request) => {
      await gallery.deleteGalleryImage(ctx, actorOf(request), request.params.id, request.params.imageId);
      return { message: Msg.changesSaved };
    },
  });

  route(app, contracts.followEstablishment, {
    handler: async (request) =>
      publicPage.follow(ctx, actorOf(request), request.params.id, request.body?.source),
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
      if (download)
        reply.header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\w-]+/g, '-')}-qr.${format}"`,
        );
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
