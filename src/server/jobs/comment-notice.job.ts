import { z } from 'zod';
import { commentNoticeOf } from '../../shared/push/payload';
import type { AppContext } from '../context';
import { jobId, pushToDevices } from '../delivery';
import { commentNoticeText } from '../modules/comments/comment-notice.text';
import * as repo from '../modules/comments/comments.repo';
import { liveDevicesOf } from '../modules/notifications/push-devices.repo';
import type { PushOptions } from '../push/push-sender';
import type { JobDefinition } from './queue';

/**
 * The operators' notice of new comments: a comment queues this job for its post and its
 * time window, with an id made of both and to start when the window ends, so however many comments
 * come in a window, one job tells of them all: at most one push per post per window.
 */
export const commentNoticeJob = {
  queue: 'comments.notice',
  payload: z.object({
    notificationId: z.uuid(),
    /** The window, [from, to): the comments written in it are the "new" ones. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  }),
};

/** A notice is worth a few hours; after that the operator reads the comments on the post page. */
const NOTICE_PUSH: PushOptions = { ttl: 6 * 3600, urgency: 'normal' };

/** The window a comment written at `at` falls in: windows of `seconds`, aligned to the epoch. */
export function noticeWindow(at: Date, seconds: number): { from: Date; to: Date } {
  const ms = seconds * 1000;
  const start = Math.floor(at.getTime() / ms) * ms;
  return { from: new Date(start), to: new Date(start + ms) };
}

/** The job's queue options for a comment written at `at`: one job per post and window. */
export function noticeJobFor(notificationId: string, at: Date, seconds: number) {
  const { from, to } = noticeWindow(at, seconds);
  return {
    payload: { notificationId, from: from.toISOString(), to: to.toISOString() },
    options: { id: jobId('comment-notice', notificationId, from.toISOString()), startAfter: to },
  };
}

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
      const devices = await liveDevicesOf(ctx.db, [...newFor.keys()]);
      const at = new Date(to).getTime();
      const outcomes = await pushToDevices(
        ctx,
        devices.map((device) => {
          const recipient = newFor.get(device.userId)!;
          const message = commentNoticeOf({
            postId: post.id,
            establishmentId: post.establishmentId,
            establishmentName: post.establishmentName,
            logo: post.logo,
            text: commentNoticeText(recipient.language, recipient.count, post.text),
            at,
          });
          return { device, message };
        }),
        NOTICE_PUSH,
      );
      // A notice is not retried: the comments wait on the post page, and the next window's notice comes.
      for (const kind of outcomes) {
        if (kind !== 'sent' && kind !== 'gone')
          ctx.log.debug({ notificationId, result: kind }, 'comment notice not delivered');
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
