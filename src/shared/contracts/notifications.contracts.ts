import { z } from 'zod';
import { MessageSchema } from '../errors';
import {
  ComposeHeadersSchema,
  ComposeNotificationBodySchema,
  DeleteNotificationQuerySchema,
  DeliveryEventBodySchema,
  DeviceListSchema,
  DeviceParamsSchema,
  EditNotificationBodySchema,
  EstablishmentRefParamsSchema,
  FeedPageSchema,
  FeedQuerySchema,
  MediaResponseSchema,
  NotificationParamsSchema,
  PostResponseSchema,
  PublicKeyResponseSchema,
  PushSubscriptionBodySchema,
  ScheduledListSchema,
  SendResponseSchema,
  SocialFeedQuerySchema,
  SubscribeResponseSchema,
  SubscriptionChangeBodySchema,
  SubscriptionChangeResponseSchema,
  UnsubscribeBodySchema,
} from '../schemas/notification.schema';
import { WeeklyRuleBodySchema, WeeklySendParamsSchema } from '../schemas/weekly-send.schema';
import { defineContract, errorResponses } from './contract';
import { API_PATHS } from './paths';

/** Web push subscriptions, sending notifications, posts and feeds. */

const tags = ['notifications'] as const;

export const getPushPublicKey = defineContract({
  operationId: 'getPushPublicKey',
  summary: "The VAPID public key: the browser's applicationServerKey for pushManager.subscribe()",
  tags,
  method: 'GET',
  path: '/api/push/public-key',
  access: 'public',
  responses: { 200: PublicKeyResponseSchema },
});

export const subscribePush = defineContract({
  operationId: 'subscribePush',
  summary: "Register this browser's push subscription for the signed-in user (created if absent)",
  tags,
  method: 'POST',
  path: '/notifications/subscribe',
  access: 'push:subscribe',
  body: PushSubscriptionBodySchema,
  responses: {
    200: SubscribeResponseSchema,
    201: SubscribeResponseSchema,
    ...errorResponses(400, 401, 403, 404),
  },
});

export const unsubscribePush = defineContract({
  operationId: 'unsubscribePush',
  summary: "Forget this browser's push subscription (on sign-out)",
  tags,
  method: 'POST',
  path: '/notifications/unsubscribe',
  access: 'signedIn',
  body: UnsubscribeBodySchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const changePushSubscription = defineContract({
  operationId: 'changePushSubscription',
  summary:
    "From the service worker (pushsubscriptionchange): the browser replaced this device's subscription. The secret the device was given at registration proves it held the old one; the answer is the new subscription's secret.",
  tags,
  method: 'POST',
  path: API_PATHS.pushSubscriptionChange,
  access: 'public',
  body: SubscriptionChangeBodySchema,
  responses: { 200: SubscriptionChangeResponseSchema, ...errorResponses(400, 404, 409, 429) },
});

export const listMyDevices = defineContract({
  operationId: 'listMyDevices',
  summary: "The signed-in user's devices that get push, and which of them stopped receiving",
  tags,
  method: 'GET',
  path: '/api/account/devices',
  access: 'push:subscribe',
  responses: { 200: DeviceListSchema, ...errorResponses(401, 403) },
});

export const removeMyDevice = defineContract({
  operationId: 'removeMyDevice',
  summary: 'Stop pushing to one of my devices (a lost or sold phone)',
  tags,
  method: 'DELETE',
  path: '/api/account/devices/:id',
  access: 'push:subscribe',
  params: DeviceParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const uploadNotificationMedia = defineContract({
  operationId: 'uploadNotificationMedia',
  summary:
    'Upload what a notification shows (multipart field "file", read by its content): a picture (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB and 40 megapixels), a PDF such as a menu (at most 10 MB; its first page becomes the picture) or a short video (MP4 or WebM, at most 25 MB and 60 seconds; optional field "poster": its poster frame as a picture, else a plain one is drawn). The PDF or video is served at fileUrl with range requests.',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/media',
  access: 'notificationPost:create',
  consumes: ['multipart/form-data'],
  params: EstablishmentRefParamsSchema,
  responses: { 201: MediaResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
});

export const sendNotification = defineContract({
  operationId: 'sendNotification',
  summary:
    'Send a notification to every follower\'s devices ("send"), and with post=true also post it to the feeds ("send and post"). Delivery continues in jobs. A repeated Idempotency-Key (per author, 24 h) answers the first send and sends nothing. With scheduledFor (1 minute to 90 days ahead) it waits, status "scheduled", and goes out at that time.',
  tags,
  method: 'POST',
  path: '/api/establishments/:id/notifications',
  access: 'notificationPost:create',
  apiKey: 'send',
  params: EstablishmentRefParamsSchema,
  headers: ComposeHeadersSchema,
  body: ComposeNotificationBodySchema,
  responses: { 202: SendResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listEstablishmentPosts = defineContract({
  operationId: 'listEstablishmentPosts',
  summary: "An establishment's feed, newest first (all=true: its senders also see push-only notifications)",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/posts',
  access: 'notificationPost:read',
  apiKey: 'send',
  params: EstablishmentRefParamsSchema,
  query: FeedQuerySchema,
  responses: { 200: FeedPageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const listScheduledNotifications = defineContract({
  operationId: 'listScheduledNotifications',
  summary: "An establishment's scheduled sends still waiting for their time, soonest first (its senders)",
  tags,
  method: 'GET',
  path: '/api/establishments/:id/scheduled',
  access: 'notificationPost:create',
  params: EstablishmentRefParamsSchema,
  responses: { 200: ScheduledListSchema, ...errorResponses(400, 401, 403, 404) },
});

export const getSocialFeed = defineContract({
  operationId: 'getSocialFeed',
  summary: 'The social feed: posts of every establishment the caller follows or operates, newest first',
  tags,
  method: 'GET',
  path: '/api/feed',
  access: 'feed:read',
  query: SocialFeedQuerySchema,
  responses: { 200: FeedPageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const getNotification = defineContract({
  operationId: 'getNotification',
  summary: 'A notification or post, with its delivery figures for those who may send for its establishment',
  tags,
  method: 'GET',
  path: '/api/notifications/:id',
  access: 'notificationPost:read',
  params: NotificationParamsSchema,
  responses: { 200: PostResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const editNotification = defineContract({
  operationId: 'editNotification',
  summary:
    "Edit a post's text (its author or an admin); a scheduled send's text and time until it goes (409 once sent). With updatePhones=true, a sent notification's new text also replaces it on the phones that got it.",
  tags,
  method: 'PATCH',
  path: '/api/notifications/:id',
  access: 'notificationPost:edit',
  params: NotificationParamsSchema,
  body: EditNotificationBodySchema,
  responses: { 200: PostResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const deleteNotification = defineContract({
  operationId: 'deleteNotification',
  summary:
    'Delete a post from the feeds (its author or an admin); a scheduled send not yet gone is cancelled for good. With withdraw=true, the notification is also withdrawn from the phones that got it.',
  tags,
  method: 'DELETE',
  path: '/api/notifications/:id',
  access: 'notificationPost:delete',
  params: NotificationParamsSchema,
  query: DeleteNotificationQuerySchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});

export const withdrawNotification = defineContract({
  operationId: 'withdrawNotification',
  summary:
    'Withdraw a sent notification from the phones that got it (its author or an admin), keeping the post in the feed: the devices it reached are told to take it away and it reaches no one more. 409 for a send still scheduled; it counts with "update on phones" against the post\'s hourly limit (429).',
  tags,
  method: 'POST',
  path: '/api/notifications/:id/withdraw',
  access: 'notificationPost:delete',
  params: NotificationParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const updateWeeklySend = defineContract({
  operationId: 'updateWeeklySend',
  summary:
    "Change a weekly send's rule (its author or an admin): weekdays, time on the business's clock and last date (null: no end). Its waiting send moves to the new rule's first time at least a minute on, and every later one follows the rule; editing that one send alone is PATCH /api/notifications/{id}. 409 once it has ended.",
  tags,
  method: 'PUT',
  path: '/api/weekly-sends/:id',
  access: 'notificationPost:edit',
  params: WeeklySendParamsSchema,
  body: WeeklyRuleBodySchema,
  responses: { 200: PostResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const pauseWeeklySend = defineContract({
  operationId: 'pauseWeeklySend',
  summary:
    'Pause a weekly send (its author or an admin): its waiting send is held, nothing goes out until it is resumed. Pausing a paused one changes nothing. 409 once it has ended.',
  tags,
  method: 'POST',
  path: '/api/weekly-sends/:id/pause',
  access: 'notificationPost:edit',
  params: WeeklySendParamsSchema,
  responses: { 200: PostResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const resumeWeeklySend = defineContract({
  operationId: 'resumeWeeklySend',
  summary:
    "Resume a paused weekly send: its waiting send goes at its time or, when that passed while paused, at the rule's next time (the missed ones are not sent). 409 once it has ended, or when its last date passed while paused (it then ends).",
  tags,
  method: 'POST',
  path: '/api/weekly-sends/:id/resume',
  access: 'notificationPost:edit',
  params: WeeklySendParamsSchema,
  responses: { 200: PostResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const recordNotificationEvent = defineContract({
  operationId: 'recordNotificationEvent',
  summary:
    'From the service worker: the notification was shown (received, the "reach") or clicked. The receipt token inside the push message is the proof.',
  tags,
  method: 'POST',
  path: API_PATHS.notificationEvents,
  access: 'public',
  params: NotificationParamsSchema,
  body: DeliveryEventBodySchema,
  responses: { 204: z.null(), ...errorResponses(400, 404, 429) },
});
