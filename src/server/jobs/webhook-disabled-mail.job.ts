import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import type { AppContext } from '../context';
import { webhookDisabledMail } from '../mail/templates';
import { operatorsToTell } from '../modules/webhooks/webhooks.repo';
import type { JobDefinition } from './queue';

/** A webhook turned off after a day of failures: its establishment's operators are emailed. */
export const webhookDisabledMailJob = {
  queue: 'webhooks.disabled-mail',
  payload: z.object({ webhookId: z.uuid() }),
};

/** The handler of the "webhook turned off" email, bound to the running process. */
export function webhookDisabledMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof webhookDisabledMailJob.payload> = {
    ...webhookDisabledMailJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ webhookId }) {
      const { webhook, operators } = await operatorsToTell(ctx.db, webhookId);
      if (!webhook) return;
      const settingsUrl = `${ctx.config.publicUrl}/app/establishment/${webhook.establishmentId}?tab=integrations`;
      for (const operator of operators) {
        await ctx.mailer.send({
          to: operator.email,
          ...webhookDisabledMail(isLanguage(operator.language) ? operator.language : 'en', {
            firstName: operator.firstName,
            establishment: webhook.establishmentName,
            url: webhook.url,
            settingsUrl,
          }),
        });
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
