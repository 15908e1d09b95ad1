import { z } from 'zod';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { generatePassword, hashPassword } from '../lib/passwords';
import { newSingleUseToken } from '../lib/single-use-tokens';
import { registrationMail, resetMail, verifyMail } from '../mail/templates';
import * as repo from '../modules/account/account.repo';
import type { JobDefinition } from './queue';

const VERIFY_TTL_HOURS = 72;
const RESET_TTL_HOURS = 1;

/**
 * Account emails. Passwords and tokens are made inside the job, so no secret ever sits in the
 * job table; a retried job makes a new one and the latest email is the valid one.
 */
export const welcomeJob = {
  queue: 'account.welcome',
  payload: z.object({
    userId: z.string(),
    establishmentId: z.string().optional(),
    /** A client operates the establishment; a customer follows it. */
    kind: z.enum(['customer', 'client']).default('customer'),
  }),
};
export const verificationJob = { queue: 'account.verification', payload: z.object({ userId: z.string() }) };
export const passwordResetJob = {
  queue: 'account.password-reset',
  payload: z.object({ userId: z.string() }),
};

const languageOf = (user: UserRow): Language => (isLanguage(user.language) ? user.language : 'en');

async function issueToken(ctx: AppContext, userId: string, purpose: repo.TokenPurpose, hours: number) {
  const { token, hash } = newSingleUseToken();
  await repo.insertAuthToken(ctx.db, {
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + hours * 3600_000),
  });
  return token;
}

/** The handlers of the account emails, bound to the running process. */
export function accountMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { publicUrl, supportEmail, androidAppUrl } = ctx.config;
  const welcome: JobDefinition<typeof welcomeJob.payload> = {
    ...welcomeJob,
    async handle({ userId, establishmentId, kind }) {
      const user = await repo.findUserById(ctx.db, userId);
      if (!user) return; // deleted meanwhile: nothing to send
      const password = generatePassword();
      await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(password) });
      const token = await issueToken(ctx, user.id, 'verify_email', VERIFY_TTL_HOURS);
      const establishment = establishmentId
        ? await repo.findEstablishmentName(ctx.db, establishmentId)
        : undefined;
      await ctx.mailer.send({
        to: user.email,
        ...registrationMail(languageOf(user), {
          firstName: user.firstName,
          verifyUrl: `${publicUrl}/verify/${token}`,
          password,
          androidAppUrl,
          establishment,
          operates: kind === 'client',
          supportEmail,
        }),
      });
      // Sent: the sweep no longer looks for this account.
      await repo.updateUser(ctx.db, user.id, { welcomeDueAt: null });
    },
  };
  const verification: JobDefinition<typeof verificationJob.payload> = {
    ...verificationJob,
    async handle({ userId }) {
      const user = await repo.findUserById(ctx.db, userId);
      if (!user || user.emailVerified) return;
      const token = await issueToken(ctx, user.id, 'verify_email', VERIFY_TTL_HOURS);
      await ctx.mailer.send({
        to: user.email,
        ...verifyMail(languageOf(user), {
          firstName: user.firstName,
          verifyUrl: `${publicUrl}/verify/${token}`,
          hours: VERIFY_TTL_HOURS,
          supportEmail,
        }),
      });
    },
  };
  const reset: JobDefinition<typeof passwordResetJob.payload> = {
    ...passwordResetJob,
    async handle({ userId }) {
      const user = await repo.findUserById(ctx.db, userId);
      if (!user) return;
      const token = await issueToken(ctx, user.id, 'reset_password', RESET_TTL_HOURS);
      await ctx.mailer.send({
        to: user.email,
        ...resetMail(languageOf(user), {
          firstName: user.firstName,
          resetUrl: `${publicUrl}/newpassword/${token}`,
          hours: RESET_TTL_HOURS,
          supportEmail,
        }),
      });
    },
  };
  // An email job takes seconds (a password hash, one SMTP exchange); one still running after
  // JOB_TIMEOUT_SECONDS belongs to a crashed process and is taken over.
  return [welcome, verification, reset].map((def) => ({
    ...def,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
  })) as JobDefinition<z.ZodType>[];
}
