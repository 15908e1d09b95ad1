import { WEBHOOK_EVENT_TYPES } from '../../shared/schemas/webhook.schema';
import type { AppContext } from '../context';
import { jobId, startFanout } from '../delivery';
import { analyticsForwardJob } from '../jobs/analytics-forward.job';
import { commentNoticeJob, noticeJobFor } from '../jobs/comment-notice.queue';
import { commentReplyNoticeJob } from '../jobs/comment-reply-notice.queue';
import { messageNoticeJob } from '../jobs/message-notice.queue';
import { webhookDeliverJob } from '../jobs/webhook-delivery.queues';
import { welcomeNoticeJob } from '../jobs/welcome-notice.queue';
import { queueCommentNotice } from '../modules/comments/comment-operator-notice';
import { queueMessageOperatorNotice } from '../modules/conversations/message-operator-notice';
import { owesWelcome } from '../modules/establishments/welcome.repo';
import { queueWebhookDeliveries } from '../modules/webhooks/webhook-deliveries.repo';
import { consumer, type EventConsumer } from './consumer';
import { mailConsumers } from './mail-consumers';
import { postConsumers } from './post-consumers';

export type { EventConsumer } from './consumer';

/** Every consumer, in the order they run (the order matters to none of them). */
export function eventConsumers(ctx: AppContext): EventConsumer[] {
  return [
    consumer({
      // A send whose moment has come (now, or its scheduled time): its first batch, then (for a
      // larger audience) its fan-out job.
      name: 'fan-out',
      types: ['notification.sent'],
      on: ({ subjectId }, outbox) => startFanout(ctx, outbox, subjectId!),
    }),
    consumer({
      // A new follow, a new device or a confirmed address (email waits for it) may be what a
      // welcome was waiting for; the job sends what is owed, once (welcome.repo.ts). One job per
      // user and transaction.
      name: 'welcome notification',
      types: ['follow', 'device.registered', 'follower.verified'],
      on: async ({ type, subjectId, at }, { db, enqueue }) => {
        // A new device or address matters only to someone a welcome still waits for (most have none).
        if (type !== 'follow' && !(await owesWelcome(db, subjectId!))) return;
        await enqueue(
          welcomeNoticeJob,
          { userId: subjectId! },
          { id: jobId('welcome', subjectId, at.toISOString()) },
        );
      },
    }),
    consumer({
      // The operators' notice of new comments: one job per post and time window.
      name: 'comment notice',
      types: ['comment.created'],
      on: async ({ data, at }, { enqueue }) => {
        const notice = noticeJobFor(String(data.postId), at, ctx.config.comments.noticeSeconds);
        await enqueue(commentNoticeJob, notice.payload, notice.options);
      },
    }),
    consumer({
      // A message in a private conversation: the other side hears of it (jobs/message-notice.job.ts).
      name: 'message notice',
      types: ['message.created'],
      on: async (event, outbox) => {
        await outbox.enqueue(messageNoticeJob, { messageId: event.data.messageId });
        // Operators without push: an email at their cadence (operator notices).
        await queueMessageOperatorNotice(outbox, event);
      },
    }),
    consumer({
      // The parent comment's author hears of a reply: one job per reply.
      name: 'comment reply notice',
      types: ['comment.replied'],
      on: async ({ subjectId }, { enqueue }) => {
        await enqueue(
          commentReplyNoticeJob,
          { commentId: subjectId! },
          { id: jobId('comment-reply-notice', subjectId) },
        );
      },
    }),
    consumer({
      // Operators without push hear of new comments by email (their cadence: at once, hourly, daily).
      name: 'operator email notice of comments',
      types: ['comment.created'],
      on: (event, outbox) => queueCommentNotice(outbox, event),
    }),
    consumer({
      // Page views forwarded to a Plausible-compatible endpoint, when one is configured.
      name: 'analytics forward',
      types: ['pageview'],
      on: async ({ data }, { enqueue }) => {
        if (!ctx.config.analytics.forwardUrl) return;
        await enqueue(analyticsForwardJob, data);
      },
    }),
    consumer({
      // The establishment's webhooks that asked for this type: a delivery each, called in order.
      name: 'webhooks',
      types: WEBHOOK_EVENT_TYPES,
      on: async (event, { db, enqueue }) => {
        if (!event.establishmentId) return;
        for (const webhookId of await queueWebhookDeliveries(db, event)) {
          await enqueue(webhookDeliverJob, { webhookId });
        }
      },
    }),
    ...postConsumers(ctx),
    ...mailConsumers(ctx),
  ];
}

const built = new WeakMap<AppContext, EventConsumer[]>();

/** This process's consumers (built once per context). */
export function consumersOf(ctx: AppContext): EventConsumer[] {
  let consumers = built.get(ctx);
  if (!consumers) {
    consumers = eventConsumers(ctx);
    built.set(ctx, consumers);
  }
  return consumers;
}
