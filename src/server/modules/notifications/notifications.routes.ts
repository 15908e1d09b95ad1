import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../shared/contracts/notifications.contracts';
import { Msg } from '../../../shared/messages';
import { IDEMPOTENCY_HEADER } from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { deviceTimeZoneOf } from '../../lib/device-time-zone';
import { sendSerialized } from '../../lib/http-cache';
import { removeStoredOnFailure } from '../../lib/images';
import { route } from '../../lib/route';
import { withPostMediaUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import { uploadsPerUser } from '../../plugins/rate-limit.plugin';
import { recordDeviceTimeZone } from '../account';
import * as compose from './compose.service';
import * as deletion from './post-delete.service';
import * as editing from './post-edit.service';
import * as reads from './post-reads.service';
import * as devices from './push-devices.service';
import * as weekly from './weekly-sends.service';
import * as withdraw from './withdraw.service';

/** Web push subscriptions, sending notifications, posts and feeds. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.getPushPublicKey, {
    handler: async () => ({ publicKey: ctx.push.publicKey }),
  });

  route(app, contracts.subscribePush, {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const result = await devices.subscribe(ctx, actor, request.body, request.headers['user-agent'] ?? '');
      await recordDeviceTimeZone(ctx, actor.id, deviceTimeZoneOf(request));
      reply.status(result.created ? 201 : 200);
      return result;
    },
  });

  route(app, contracts.changePushSubscription, {
    // A secret of 256 bits cannot be guessed; this keeps anyone from making us hash all day.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request) => devices.changeSubscription(ctx, request.body),
  });

  route(app, contracts.listMyDevices, {
    handler: async (request) => ({ items: await devices.listDevices(ctx, actorOf(request)) }),
  });

  route(app, contracts.removeMyDevice, {
    handler: async (request) => {
      await devices.removeDevice(ctx, actorOf(request), request.params.id);
      return { message: Msg.deviceRemoved };
    },
  });

  route(app, contracts.unsubscribePush, {
    handler: async (request) => {
      await devices.unsubscribe(ctx, actorOf(request), request.body.endpoint);
      return { message: Msg.changesSaved };
    },
  });

  route(app, contracts.uploadNotificationMedia, {
    config: { rateLimit: uploadsPerUser(ctx) },
    handler: async (request, reply) => {
      const media = await withPostMediaUpload(request, ctx.config.dataDir, (upload) =>
        removeStoredOnFailure(request.log, () =>
          compose.uploadMedia(ctx, actorOf(request), request.params.id, upload),
        ),
      );
      reply.status(201);
      return { media };
    },
  });

  route(app, contracts.sendNotification, {
    handler: async (request, reply) => {
      const { post, message, replayed } = await compose.send(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      reply.status(202);
      return { notification: post, message };
    },
  });

  route(app, contracts.listEstablishmentPosts, {
    handler: async (request, reply) =>
      sendSerialized(
        reply,
        await reads.listEstablishmentPosts(ctx, actorOf(request), request.params.id, request.query),
      ),
  });

  route(app, contracts.getSocialFeed, {
    handler: async (request, reply) =>
      sendSerialized(reply, await reads.feed(ctx, actorOf(request), request.query)),
  });

  route(app, contracts.getNotification, {
    handler: async (request) => ({ post: await reads.get(ctx, actorOf(request), request.params.id) }),
  });

  route(app, contracts.editNotification, {
    handler: async (request) => editing.edit(ctx, actorOf(request), request.params.id, request.body),
  });

  route(app, contracts.deleteNotification, {
    handler: async (request) => ({
      message: await deletion.remove(ctx, actorOf(request), request.params.id, request.query),
    }),
  });

  route(app, contracts.withdrawNotification, {
    handler: async (request) => ({
      message: await withdraw.withdrawFromPhones(ctx, actorOf(request), request.params.id),
    }),
  });

  route(app, contracts.updateWeeklySend, {
    handler: async (request) =>
      weekly.updateWeeklyRule(ctx, actorOf(request), request.params.id, request.body),
  });

  route(app, contracts.pauseWeeklySend, {
    handler: async (request) => weekly.pauseWeeklySend(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.resumeWeeklySend, {
    handler: async (request) => weekly.resumeWeeklySend(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.listScheduledNotifications, {
    handler: async (request) => reads.listScheduled(ctx, actorOf(request), request.params.id),
  });

  route(app, contracts.recordNotificationEvent, {
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      await devices.recordEvent(ctx, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });
}
