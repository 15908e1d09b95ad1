import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { ErrorBodySchema, MessageSchema } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import {
  AddMemberBodySchema,
  CaptionBodySchema,
  ClientSignupBodySchema,
  EstablishmentFieldsSchema,
  EstablishmentListQuerySchema,
  EstablishmentListSchema,
  EstablishmentResponseSchema,
  GalleryImageSchema,
  MemberListSchema,
  PublicEstablishmentSchema,
} from '../../../shared/schemas/establishment.schema';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/app-error';
import { removeStoredOnFailure } from '../../lib/images';
import { readImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import * as establishments from './establishments.service';

const tags = ['establishments'];
const bearer = [{ bearerAuth: [] }];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const IdParams = z.object({ id: z.string().min(1).max(64) });
const ImageParams = IdParams.extend({ imageId: z.uuid({ error: 'Not found.' }) });
const FollowSchema = z.object({ establishmentId: z.string(), following: z.boolean(), message: z.string() });

/** Establishments: profiles, states, members, pictures, following, QR codes (issue 4). */
export async function establishmentRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/establishments',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Establishments the caller may see (admin: all; representative: registered; others: their own)',
        security: bearer,
        querystring: EstablishmentListQuerySchema,
        response: { 200: EstablishmentListSchema, ...errors },
      },
    },
    async (request) => establishments.list(ctx, actorOf(request), request.query),
  );

  app.post(
    '/api/establishments',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Create an establishment (admin)',
        security: bearer,
        body: EstablishmentFieldsSchema,
        response: { 201: EstablishmentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        establishment: await establishments.create(ctx, actorOf(request), request.body),
        message: Msg.establishmentCreated,
      }),
  );

  app.post(
    '/api/establishments/client-signup',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Register a client together with their establishment (representative or admin)',
        security: bearer,
        body: ClientSignupBodySchema,
        response: {
          201: EstablishmentResponseSchema.extend({ clientId: z.string() }),
          409: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const created = await establishments.signupClient(ctx, actorOf(request), request.body);
      return reply.status(201).send({ ...created, message: Msg.clientAndEstablishmentCreated });
    },
  );

  app.get(
    '/api/establishments/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One establishment',
        security: bearer,
        params: IdParams,
        response: { 200: EstablishmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      establishment: await establishments.get(ctx, actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/establishments/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Update the profile (admin or a client operating it)',
        security: bearer,
        params: IdParams,
        body: EstablishmentFieldsSchema,
        response: { 200: EstablishmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      establishment: await establishments.update(ctx, actorOf(request), request.params.id, request.body),
      message: Msg.establishmentUpdated,
    }),
  );

  for (const [action, blocked, message] of [
    ['block', true, Msg.establishmentBlockedNow],
    ['unblock', false, Msg.establishmentUnblocked],
  ] as const) {
    app.post(
      `/api/establishments/:id/${action}`,
      {
        ...auth,
        schema: {
          tags,
          summary: blocked
            ? 'Block (admin): the page goes offline and nothing can be sent'
            : 'Unblock (admin)',
          security: bearer,
          params: IdParams,
          response: { 200: EstablishmentResponseSchema, ...errors },
        },
      },
      async (request) => ({
        establishment: await establishments.setBlocked(ctx, actorOf(request), request.params.id, blocked),
        message,
      }),
    );
  }

  app.delete(
    '/api/establishments/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete (admin); cannot be undone',
        security: bearer,
        params: IdParams,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await establishments.remove(ctx, actorOf(request), request.params.id);
      return { message: Msg.establishmentDeleted };
    },
  );

  app.get(
    '/api/establishments/:id/members',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Clients and followers',
        security: bearer,
        params: IdParams,
        response: { 200: MemberListSchema, ...errors },
      },
    },
    async (request) => establishments.members(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/api/establishments/:id/members',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add an existing user as a client or a follower (admin)',
        security: bearer,
        params: IdParams,
        body: AddMemberBodySchema,
        response: { 200: MemberListSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      ...(await establishments.addMember(ctx, actorOf(request), request.params.id, request.body)),
      message: Msg.changesSaved,
    }),
  );

  app.delete(
    '/api/establishments/:id/members/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remove a user from an establishment (admin)',
        security: bearer,
        params: IdParams.extend({ userId: z.uuid({ error: 'Not found.' }) }),
        response: { 200: MemberListSchema, ...errors },
      },
    },
    async (request) =>
      establishments.removeMember(ctx, actorOf(request), request.params.id, request.params.userId),
  );

  for (const which of ['logo', 'cover'] as const) {
    app.post(
      `/api/establishments/:id/${which}`,
      {
        ...auth,
        schema: {
          tags,
          summary: `Upload the ${which} (multipart field "file"; JPEG, PNG, WebP, GIF or AVIF up to 10 MB)`,
          security: bearer,
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: {
            200: EstablishmentResponseSchema,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const { buffer } = await readImageUpload(request);
        return removeStoredOnFailure(request.log, async () => ({
          establishment: await establishments.setPicture(
            ctx,
            actorOf(request),
            request.params.id,
            which,
            buffer,
          ),
          message: Msg.establishmentUpdated,
        }));
      },
    );
  }

  app.get(
    '/api/establishments/:id/gallery',
    {
      schema: {
        tags,
        summary: 'The gallery',
        params: IdParams,
        response: { 200: z.object({ items: z.array(GalleryImageSchema) }), 404: ErrorBodySchema },
      },
    },
    async (request) => ({ items: await establishments.gallery(ctx, request.params.id) }),
  );

  app.post(
    '/api/establishments/:id/gallery',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Add a picture to the gallery (multipart "file" and optional "caption"; at most 30 pictures)',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: {
          201: GalleryImageSchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { buffer, fields } = await readImageUpload(request);
      // The caption comes as a multipart field, outside the route's schema: a bad one is a 400.
      const parsed = CaptionBodySchema.safeParse({ caption: fields.caption ?? '' });
      if (!parsed.success) throw fieldError('caption', parsed.error.issues[0]!.message);
      const { caption } = parsed.data;
      const image = await removeStoredOnFailure(request.log, () =>
        establishments.addGalleryImage(ctx, actorOf(request), request.params.id, buffer, caption),
      );
      return reply.status(201).send(image);
    },
  );

  app.patch(
    '/api/establishments/:id/gallery/:imageId',
    {
      ...auth,
      schema: {
        tags,
        summary: "Change a picture's caption",
        security: bearer,
        params: ImageParams,
        body: CaptionBodySchema,
        response: { 200: GalleryImageSchema, ...errors },
      },
    },
    async (request) =>
      establishments.captionGalleryImage(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.imageId,
        request.body.caption,
      ),
  );

  app.delete(
    '/api/establishments/:id/gallery/:imageId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a picture',
        security: bearer,
        params: ImageParams,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await establishments.deleteGalleryImage(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.imageId,
      );
      return { message: Msg.changesSaved };
    },
  );

  app.post(
    '/api/establishments/:id/follow',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Follow (by id or public id)',
        security: bearer,
        params: IdParams,
        response: { 200: FollowSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => establishments.follow(ctx, actorOf(request), request.params.id),
  );

  app.delete(
    '/api/establishments/:id/follow',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Unfollow',
        security: bearer,
        params: IdParams,
        response: { 200: FollowSchema, ...errors },
      },
    },
    async (request) => establishments.unfollow(ctx, actorOf(request), request.params.id),
  );

  app.get(
    '/api/establishments/:id/qr',
    {
      schema: {
        tags,
        summary: 'QR code of the public page, as SVG (default) or PNG',
        params: IdParams,
        querystring: z.object({
          format: z.enum(['svg', 'png']).default('svg'),
          size: z.coerce.number().int().min(128).max(2048).default(512),
          download: z
            .enum(['true', 'false', '1', '0'])
            .default('false')
            .transform((v) => v === 'true' || v === '1'),
        }),
      },
    },
    async (request, reply) => {
      const { url, name } = await establishments.publicUrlOf(ctx, request.params.id);
      const { format, size, download } = request.query;
      const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: size };
      if (download)
        reply.header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\w-]+/g, '-')}-qr.${format}"`,
        );
      reply.header('cache-control', 'public, max-age=3600');
      if (format === 'png') return reply.type('image/png').send(await QRCode.toBuffer(url, options));
      return reply.type('image/svg+xml').send(await QRCode.toString(url, { ...options, type: 'svg' }));
    },
  );

  app.get(
    '/api/public/establishments/:id',
    {
      // Signed-in callers also learn whether they follow it; guests get the same page.
      preHandler: async (request, reply) => {
        if (request.headers.authorization) await app.authenticate(request, reply);
      },
      schema: {
        tags: ['public'],
        summary: 'The public page of an establishment (by public id or id)',
        params: IdParams,
        response: {
          200: z.object({ establishment: PublicEstablishmentSchema }),
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      establishment: await establishments.publicProfile(ctx, request.actor, request.params.id),
    }),
  );
}
