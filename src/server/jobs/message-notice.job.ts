import type { z } from 'zod';
import type { AppContext } from '../context';
import { noticeOfMessage } from '../modules/conversations/message-notice';
import { messageNoticeJob } from './message-notice.queue';
import type { JobDefinition } from './queue';

/** The handler of the message notice, bound to the running process. */
export function messageNoticeJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof messageNoticeJob.payload> = {
    ...messageNoticeJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    handle: ({ messageId }) => noticeOfMessage(ctx, messageId),
  };
  return [job] as JobDefinition<z.ZodType>[];
}
