import { MessageSchema } from '../errors';
import {
  ComplaintAnswerSchema,
  EmailPauseListSchema,
  MailgunWebhookSchema,
} from '../schemas/email-complaints.schema';
import { EstablishmentIdParamsSchema } from '../schemas/establishment-params.schema';
import { defineContract, errorResponses } from './contract';

/** Spam complaints coming in from mail providers, and the email pauses they lead to. */

const tags = ['email'] as const;

/** The media types a raw ARF report may come as (a MIME message as the body). */
export const ARF_MEDIA_TYPES = [
  'message/rfc822',
  'multipart/report',
  'text/plain',
  'application/octet-stream',
] as const;

export const reportArfComplaint = defineContract({
  operationId: 'reportArfComplaint',
  summary:
    "A spam complaint as a feedback loop reports it: an ARF report (RFC 5965) as the body, raw MIME (message/rfc822). The reported message's signed List-Unsubscribe link names the follower and the business; that follower gets no more email from that business.",
  description:
    "For mail providers' feedback loops, through whatever forwards their reports here (a mailbox piped to curl, an inbound-mail service posting raw MIME). Authorized by COMPLAINTS_SECRET: `Authorization: Bearer <secret>`, or as the password of basic auth; unset, the endpoint answers 404. A report whose link is not signed by this server is 403; a report that is not ARF, or lacks its parts, 400 naming the part; the same message reported again changes nothing (outcome `repeat`).",
  tags,
  method: 'POST',
  path: '/api/email/complaints/arf',
  access: 'public',
  consumes: ARF_MEDIA_TYPES,
  responses: { 200: ComplaintAnswerSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
});

export const reportMailgunComplaint = defineContract({
  operationId: 'reportMailgunComplaint',
  summary:
    "Mailgun's `complained` event (its webhook, JSON): the follower and the business come back in the event's user-variables, which our emails carry in X-Mailgun-Variables while MAILGUN_WEBHOOK_SIGNING_KEY is set.",
  description:
    "Authorized by Mailgun's signature (HMAC-SHA256 of timestamp and token with MAILGUN_WEBHOOK_SIGNING_KEY): a wrong signature or a timestamp more than 15 minutes off is 401, a token already used for another event 409; unset, the endpoint answers 404. Other events are answered `ignored`.",
  tags,
  method: 'POST',
  path: '/api/email/complaints/mailgun',
  access: 'public',
  body: MailgunWebhookSchema,
  responses: { 200: ComplaintAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
});

export const listEmailPauses = defineContract({
  operationId: 'listEmailPauses',
  summary: 'The businesses whose email is paused for their spam complaints, newest first (admin)',
  tags,
  method: 'GET',
  path: '/api/management/email-pauses',
  access: 'user:admin',
  responses: { 200: EmailPauseListSchema, ...errorResponses(401, 403) },
});

export const liftEmailPause = defineContract({
  operationId: 'liftEmailPause',
  summary:
    "Let a business's email go again after its spam complaints paused it (admin; recorded in the audit log). Its complaint share is counted afresh from now.",
  tags,
  method: 'DELETE',
  path: '/api/establishments/:id/email-pause',
  access: 'establishment:emailResume',
  params: EstablishmentIdParamsSchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
});
