import { z } from 'zod';
import type { AppContext } from '../context';
import { noticeOfMessage } from '../modules/conversations/message-notice';
import type { JobDefinition } from './queue';

/** A message in a private conversation, told to the other side (modules/conversations/message-notice.ts). */
export const messageNoticeJob = {
  queue: 'messages.notice',
  payload: z.object({ messageId: z.uuid() }),
};

/** The handler of the message notice, bound to the running process. */
export function messageNoticeJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof messageNoticeJob.payload> = {
    ...messageNoticeJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    handle: ({ messageId }) => noticeOfMessage(ctx, messageId),
  };
  return [job] as JobDefinition<z.ZodType>[];
}
