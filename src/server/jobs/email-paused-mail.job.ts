import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import { PLATFORM_ADMIN_ROLE } from '../../shared/permissions';
import type { AppContext } from '../context';
import { emailPausedMail } from '../mail/email-paused-mail';
import { pauseWithBusiness, peopleToTell } from '../modules/complaints/complaints.repo';
import type { JobDefinition } from './queue';

/**
 * A business's email paused for its spam complaints: its operators and the admins are emailed,
 * once per pause (the job is queued with the pause, in its transaction).
 */
export const emailPausedMailJob = {
  queue: 'complaints.email-paused-mail',
  payload: z.object({ pauseId: z.uuid() }),
};

/** The handler of the "email paused" notice, bound to the running process. */
export function emailPausedMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof emailPausedMailJob.payload> = {
    ...emailPausedMailJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ pauseId }) {
      const { sql } = ctx.database;
      const pause = await pauseWithBusiness(sql, pauseId);
      // Lifted before the notice went out: nothing left to tell.
      if (!pause || pause.lifted) return;
      const { publicUrl, supportEmail } = ctx.config;
      for (const person of await peopleToTell(sql, pause.establishmentId, PLATFORM_ADMIN_ROLE)) {
        await ctx.mailer.send({
          to: person.email,
          ...emailPausedMail(isLanguage(person.language) ? person.language : 'en', {
            firstName: person.firstName,
            establishment: pause.name,
            complaints: pause.complaints,
            emails: pause.emails,
            limit: ctx.config.complaints.pauseShare,
            supportEmail,
            url: person.admin
              ? `${publicUrl}/app/management/email-health`
              : `${publicUrl}/app/establishment/${pause.establishmentId}`,
            admin: person.admin,
          }),
        });
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
