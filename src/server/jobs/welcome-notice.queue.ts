import { z } from 'zod';

/** The welcome job's queue (its handler: welcome-notice.job.ts), apart so events can queue it. */
export const welcomeNoticeJob = {
  queue: 'establishments.welcome',
  payload: z.object({ userId: z.uuid() }),
};
