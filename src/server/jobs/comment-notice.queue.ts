import { z } from 'zod';
import { jobId } from '../delivery';

/**
 * The operators' notice of new comments: a comment queues this job for its post and its
 * time window, with an id made of both and to start when the window ends, so however many comments
 * come in a window, one job tells of them all: at most one push per post per window. Its handler:
 * comment-notice.job.ts (apart, so events can queue it).
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
