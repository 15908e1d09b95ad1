import { z } from 'zod';
import type { AppContext } from '../context';
import { runDueAutomations } from '../modules/automations/automation-run';
import type { JobDefinition } from './queue';

/**
 * The automations' daily run: every 10 minutes, each business whose local hour has reached the run
 * hour and whose day is not run yet (automation_runs) is run once. Safe in several processes at once.
 */
export const automationsDailyJob = { queue: 'automations.daily', payload: z.object({}) };

export function automationsDailyJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const daily: JobDefinition<typeof automationsDailyJob.payload> = {
    ...automationsDailyJob,
    expireInSeconds: 600,
    schedule: '*/10 * * * *',
    async handle() {
      const ran = await runDueAutomations(ctx, ctx.now());
      for (const [establishmentId, listed] of ran)
        if (Object.keys(listed).length > 0) ctx.log.info({ establishmentId, listed }, 'automations sent');
    },
  };
  return [daily] as JobDefinition<z.ZodType>[];
}
