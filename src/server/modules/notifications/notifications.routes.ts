import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, MessageSchema } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import {
  ComposeHeadersSchema,
  ComposeNotificationBodySchema,
  DeliveryEventBodySchema,
  EditPostBodySchema,
  FeedPageSchema,
  FeedQuerySchema,
  IDEMPOTENCY_HEADER,
  MediaResponseSchema,
  PostResponseSchema,
  PublicKeyResponseSchema,
  PushSubscriptionBodySchema,
  SendResponseSchema,
  SubscribeResponseSchema,
  UnsubscribeBodySchema,
} from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { removeStoredOnFailure } from '../../lib/images';
import { readImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import * as notifications from './notifications.service';

const tags = ['notifications'];
const bearer = [{ bearerAuth: [] }];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const IdParams = z.object({ id: z.uuid({ error: 'Not found.' }) });
const EstablishmentParams = z.object({ id: z.string().min(1).max(64) });

/** Web push subscriptions, sending notifications, posts and feeds (issue 5). */
export async function notificationRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: "The VAPID public key: the browser's applicationServerKey for pushManager.subscribe()",
        response: { 200: PublicKeyResponseSchema },
      },
    },
    async () => ({ publicKey: ctx.push.publicKey }),
  );

  app.post(
    '/notifications/subscribe',
    {
      ...auth,
      schema: {
        tags,
        summary: "Register this browser's push subscription for the signed-in user (created if absent)",
        security: bearer,
        body: PushSubscriptionBodySchema,
        response: { 200: SubscribeResponseSchema, 201: SubscribeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await notifications.subscribe(
        ctx,
        actorOf(request),
        request.body,
        request.headers['user-agent'] ?? '',
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      ...auth,
      schema: {
        tags,
        summary: "Forget this browser's push subscription (on sign-out)",
        security: bearer,
        body: UnsubscribeBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.unsubscribe(ctx, actorOf(request), request.body.endpoint);
      return { message: Msg.changesSaved };
    },
  );

  app.post(
    '/api/establishments/:id/media',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Upload a picture for a notification (multipart field "file"; JPEG, PNG, WebP, GIF or AVIF, at most 10 MB)',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: EstablishmentParams,
        response: { 201: MediaResponseSchema, ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { buffer } = await readImageUpload(request);
      const media = await removeStoredOnFailure(request.log, () =>
        notifications.uploadMedia(ctx, actorOf(request), request.params.id, buffer),
      );
      return reply.status(201).send({ media });
    },
  );

  app.post(
    '/api/establishments/:id/notifications',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Send a notification to every follower\'s devices ("send"), and with post=true also post it to the feeds ("send and post"). Delivery continues in jobs. A repeated Idempotency-Key (per author, 24 h) answers the first send and sends nothing.',
        security: bearer,
        params: EstablishmentParams,
        headers: ComposeHeadersSchema,
        body: ComposeNotificationBodySchema,
        response: { 202: SendResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { post, message, replayed } = await notifications.send(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(202).send({ notification: post, message });
    },
  );

  app.get(
    '/api/establishments/:id/posts',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "An establishment's feed, newest first (all=true: its senders also see push-only notifications)",
        security: bearer,
        params: EstablishmentParams,
        querystring: FeedQuerySchema,
        response: { 200: FeedPageSchema, ...errors },
      },
    },
    async (request) =>
      notifications.listEstablishmentPosts(ctx, actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/feed',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The social feed: posts of every establishment the caller follows or operates, newest first',
        security: bearer,
        querystring: FeedQuerySchema.omit({ all: true }),
        response: { 200: FeedPageSchema, ...errors },
      },
    },
    async (request) => notifications.feed(ctx, actorOf(request), request.query),
  );

  app.get(
    '/api/notifications/:id',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'A notification or post, with its delivery figures for those who may send for its establishment',
        security: bearer,
        params: IdParams,
        response: { 200: PostResponseSchema, ...errors },
      },
    },
    async (request) => ({ post: await notifications.get(ctx, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/api/notifications/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: "Edit a post's text (its author or an admin)",
        security: bearer,
        params: IdParams,
        body: EditPostBodySchema,
        response: { 200: PostResponseSchema, ...errors },
      },
    },
    async (request) => ({
      post: await notifications.edit(ctx, actorOf(request), request.params.id, request.body),
      message: Msg.postUpdated,
    }),
  );

  app.delete(
    '/api/notifications/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete a post from the feeds (its author or an admin)',
        security: bearer,
        params: IdParams,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.remove(ctx, actorOf(request), request.params.id);
      return { message: Msg.postDeleted };
    },
  );

  app.post(
    '/api/notifications/:id/events',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'From the service worker: the notification was shown (received, the "reach") or clicked. The receipt token inside the push message is the proof.',
        params: IdParams,
        body: DeliveryEventBodySchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await notifications.recordEvent(ctx, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
}
