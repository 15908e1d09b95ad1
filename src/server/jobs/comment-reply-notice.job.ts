import type { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import { postPath } from '../../shared/push/payload';
import type { AppContext } from '../context';
import { startPersonalSends } from '../delivery';
import { withOutbox } from '../events/outbox';
import { commentReplyMail } from '../mail/talk-back-mail';
import { excerptOf } from '../modules/comments/comment-notice.text';
import { replyNoticeTarget } from '../modules/comments/comment-replies.repo';
import { commentReplyNoticeJob } from './comment-reply-notice.queue';
import type { JobDefinition } from './queue';

/**
 * The notice of a reply to its parent comment's author: a push to their live devices (a personal
 * send of the delivery engine, as the operators' notices of comments), or, with none, an email to a
 * confirmed address. Queued by the reply's `comment.replied` event, once per reply.
 * Nobody is told of their own reply, and the business's comments are answered to its operators
 * through the comment notice (they hear of every comment). This is its handler, bound to the
 * running process.
 */
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
      // A push by the engine (a personal send about the post, with push's retry rules); an email
      // only to someone no device of theirs takes it on.
      const pushed = await withOutbox(ctx, (outbox) =>
        startPersonalSends(ctx, outbox, [
          {
            establishmentId: reply.establishmentId,
            source: 'comments',
            recipientId: reply.parentAuthorId,
            text: `${author}: ${excerptOf(reply.text, 120)}`,
            aboutId: reply.postId,
          },
        ]),
      );
      if (pushed.size > 0) return;
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
