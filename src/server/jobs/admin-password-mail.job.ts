import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import type { AppContext } from '../context';
import { generatePassword, hashPassword } from '../lib/passwords';
import { passwordResetByAdminMail } from '../mail/templates';
import { takeMailQuota } from '../modules/account/mail-quota';
import { findUserById, updateUser } from '../modules/account/users.repo';
import type { JobDefinition } from './queue';

/**
 * An admin reset the user's password (management user-actions.service): the job makes the new
 * password, stores its hash and emails it. Made here, like the welcome email's, so no password ever
 * sits in the job table; a retried job makes a new one and the latest email is the valid one.
 */
export const passwordResetByAdminJob = {
  queue: 'account.password-reset-by-admin',
  payload: z.object({ userId: z.string() }),
};

/** The handler of the admin's password reset email, bound to the running process. */
export function adminPasswordMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof passwordResetByAdminJob.payload> = {
    ...passwordResetByAdminJob,
    // Seconds of work (a hash, one SMTP exchange); one running longer belongs to a crashed process.
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ userId }) {
      const user = await findUserById(ctx.db, userId);
      if (!user) return; // deleted meanwhile
      // Reset emails share the hourly cap of the forgotten-password links (mail-quota.ts).
      const release = await takeMailQuota(ctx, user.email, 'reset');
      if (!release) {
        ctx.log.warn('password reset by an admin not emailed: this address had its hourly share');
        return;
      }
      try {
        const password = generatePassword();
        await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(password) });
        await ctx.mailer.send({
          to: user.email,
          ...passwordResetByAdminMail(isLanguage(user.language) ? user.language : 'en', {
            firstName: user.firstName,
            password,
            loginUrl: `${ctx.config.publicUrl}/login`,
            supportEmail: ctx.config.supportEmail,
          }),
        });
      } catch (error) {
        await release();
        throw error;
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
