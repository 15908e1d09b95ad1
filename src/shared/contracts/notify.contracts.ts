import { z } from 'zod';
import { MessageSchema } from '../errors';
import { EstablishmentRefParamsSchema } from '../schemas/notification.schema';
import {
  EmailTokenParamsSchema,
  FollowListSchema,
  FollowNotifyResponseSchema,
  NotifyBodySchema,
  UnsubscribeInfoSchema,
} from '../schemas/notify.schema';
import { defineContract, errorResponses } from './contract';
import { API_PATHS } from './paths';

/** How each follower is told of each business's sends, and the links of its emails. */

const tags = ['notify'] as const;

export const listMyFollows = defineContract({
  operationId: 'listMyFollows',
  summary:
    'The businesses the caller follows, and how each one reaches them (phone, email, both, feed only, paused)',
  tags,
  method: 'GET',
  path: '/api/account/follows',
  access: 'feed:read',
  responses: { 200: FollowListSchema, ...errorResponses(401, 403) },
});

export const setNotifyChoice = defineContract({
  operationId: 'setNotifyChoice',
  summary:
    "Choose how this business's sends reach the caller, who follows it: phone, email, both or feed only, and pause for a day, a week or until turned back on. The feed keeps every post whatever the choice.",
  tags,
  method: 'PUT',
  path: '/api/establishments/:id/notify',
  access: 'customerEstablishment',
  params: EstablishmentRefParamsSchema,
  body: NotifyBodySchema,
  responses: { 200: FollowNotifyResponseSchema, ...errorResponses(400, 401, 403, 404) },
});

export const getUnsubscribeInfo = defineContract({
  operationId: 'getUnsubscribeInfo',
  summary: "An email's unsubscribe link: which business it stops, for the page that asks before it does",
  tags,
  method: 'GET',
  path: API_PATHS.emailUnsubscribe,
  access: 'public',
  params: EmailTokenParamsSchema,
  responses: { 200: UnsubscribeInfoSchema, ...errorResponses(400, 404, 429) },
});

export const unsubscribeEmail = defineContract({
  operationId: 'unsubscribeEmail',
  summary:
    "Stop a business's emails to the person its email was sent to, without a session: the signed link is the proof. RFC 8058 one-click (the mail client's POST, List-Unsubscribe=One-Click) and the unsubscribe page both call it.",
  tags,
  method: 'POST',
  path: API_PATHS.emailUnsubscribe,
  access: 'public',
  params: EmailTokenParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 404, 429) },
});

export const openFromEmail = defineContract({
  operationId: 'openFromEmail',
  summary: "An email's Open button: its click counted, then a redirect to the post",
  tags,
  method: 'GET',
  path: API_PATHS.emailOpen,
  access: 'public',
  params: EmailTokenParamsSchema,
  responses: { 302: z.null(), ...errorResponses(400, 404, 429) },
});
