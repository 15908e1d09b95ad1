import type { z } from 'zod';
import type { AppContext } from '../context';
import { startPersonalSends } from '../delivery';
import { withOutbox } from '../events/outbox';
import { commentNoticeText } from '../modules/comments/comment-notice.text';
import * as repo from '../modules/comments/comments.repo';
import { commentNoticeJob } from './comment-notice.queue';
import type { JobDefinition } from './queue';

/** The handler of the comment notice, bound to the running process. */
export function commentNoticeJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof commentNoticeJob.payload> = {
    ...commentNoticeJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ notificationId, from, to }) {
      const post = await repo.findCommentTarget(ctx.db, notificationId);
      if (!post?.inFeed) return;
      const [recipients, counts] = await Promise.all([
        repo.noticeRecipients(ctx.db, post),
        repo.commentsInWindow(ctx.db, post.id, new Date(from), new Date(to)),
      ]);
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      // Each recipient hears of the others' comments, never of their own.
      const newFor = new Map(
        recipients
          .map(
            (r) => [r.userId, { language: r.language, count: total - (counts.get(r.userId) ?? 0) }] as const,
          )
          .filter(([, r]) => r.count > 0),
      );
      if (newFor.size === 0) return;
      // One personal send per recipient (their words differ), walked by the engine: their devices,
      // quiet hours and retries; nothing reported back, nothing counted in the reports.
      await withOutbox(ctx, (outbox) =>
        startPersonalSends(
          ctx,
          outbox,
          [...newFor].map(([userId, r]) => ({
            establishmentId: post.establishmentId,
            source: 'comments' as const,
            recipientId: userId,
            text: commentNoticeText(r.language, r.count, post.text),
            aboutId: post.id,
          })),
        ),
      );
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
