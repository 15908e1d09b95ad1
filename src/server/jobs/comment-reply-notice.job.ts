import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import { commentNoticeOf, postPath } from '../../shared/push/payload';
import type { AppContext } from '../context';
import { pushToDevices } from '../delivery';
import { commentReplyMail } from '../mail/talk-back-mail';
import { excerptOf } from '../modules/comments/comment-notice.text';
import { replyNoticeTarget } from '../modules/comments/comment-replies.repo';
import { liveDevicesOf } from '../modules/notifications/push-devices.repo';
import type { PushOptions } from '../push/push-sender';
import type { JobDefinition } from './queue';

/**
 * The notice of a reply to its parent comment's author: a push to their live devices, or, with none,
 * an email to a confirmed address. Queued by the reply's `comment.replied` event, once per reply.
 * Nobody is told of their own reply, and the business's comments are answered to its operators
 * through the comment notice (they hear of every comment).
 */
export const commentReplyNoticeJob = {
  queue: 'comments.reply-notice',
  payload: z.object({ commentId: z.uuid() }),
};

const REPLY_PUSH: PushOptions = { ttl: 24 * 3600, urgency: 'normal' };

/** The handler of the reply notice, bound to the running process. */
export function commentReplyNoticeJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof commentReplyNoticeJob.payload> = {
    ...commentReplyNoticeJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ commentId }) {
      const reply = await replyNoticeTarget(ctx.db, commentId);
      if (!reply || reply.parentAsBusiness || reply.parentAuthorId === reply.authorId) return;
      const author = reply.asBusiness
        ? reply.establishmentName
        : `${reply.authorFirstName} ${reply.authorLastName}`.trim();
      const lang = isLanguage(reply.recipientLanguage) ? reply.recipientLanguage : 'en';
      const devices = await liveDevicesOf(ctx.db, [reply.parentAuthorId]);
      if (devices.length > 0) {
        const message = commentNoticeOf({
          postId: reply.postId,
          establishmentId: reply.establishmentId,
          establishmentName: reply.establishmentName,
          logo: reply.logo,
          text: `${author}: ${excerptOf(reply.text, 120)}`,
          at: ctx.now().getTime(),
        });
        // Not retried: the reply waits under the comment on the post page.
        await pushToDevices(
          ctx,
          devices.map((device) => ({ device, message })),
          REPLY_PUSH,
        );
        return;
      }
      if (!reply.recipientEmailOk) return;
      await ctx.mailer.send({
        to: reply.recipientEmail,
        ...commentReplyMail(lang, {
          firstName: reply.recipientFirstName,
          author,
          establishment: reply.establishmentName,
          reply: reply.text,
          url: `${ctx.config.publicUrl}${postPath(reply.establishmentId, reply.postId)}#comments`,
        }),
      });
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
