import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/establishments.contracts';
import { Msg } from '../../../shared/messages';
import { CaptionBodySchema } from '../../../shared/schemas/establishment.schema';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/app-error';
import { removeStoredOnFailure } from '../../lib/images';
import { type ContractRequest, route } from '../../lib/route';
import { withImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import { uploadsPerUser } from '../../plugins/rate-limit.plugin';
import * as gallery from './gallery.service';

/** An establishment's pictures: logo, cover and gallery. */
export async function pictureRoutes(app: FastifyInstance, ctx: AppContext) {
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
}
