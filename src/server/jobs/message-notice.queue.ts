import { z } from 'zod';

/**
 * A message in a private conversation, told to the other side (modules/conversations/message-notice.ts).
 * Its handler: message-notice.job.ts (apart, so events can queue it).
 */
export const messageNoticeJob = {
  queue: 'messages.notice',
  payload: z.object({ messageId: z.uuid() }),
};
