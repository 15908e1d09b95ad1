import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import type { AppContext } from '../context';
import { contactRequestMail } from '../mail/contact-request-mail';
import { findContactRequest } from '../modules/contact/contact.repo';
import type { JobDefinition } from './queue';

/** A business's contact request from /home, emailed to the representatives (SUPPORT_EMAIL). */
export const contactMailJob = {
  queue: 'contact.request-mail',
  payload: z.object({ requestId: z.string() }),
};

/** The handler of the contact-request email, bound to the running process. */
export function contactMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof contactMailJob.payload> = {
    ...contactMailJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ requestId }) {
      const request = await findContactRequest(ctx.db, requestId);
      if (!request) return;
      // "Reply" in the representative's mail client answers the business, not our sender address.
      // The team reads one language whatever the visitor's; the email names the visitor's.
      await ctx.mailer.send({
        to: ctx.config.supportEmail,
        replyTo: request.email,
        ...contactRequestMail(DEFAULT_LANGUAGE, request),
      });
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
