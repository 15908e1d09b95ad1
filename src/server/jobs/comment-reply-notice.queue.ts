import { z } from 'zod';

/** The reply notice's queue (its handler: comment-reply-notice.job.ts), apart so events can queue it. */
export const commentReplyNoticeJob = {
  queue: 'comments.reply-notice',
  payload: z.object({ commentId: z.uuid() }),
};
