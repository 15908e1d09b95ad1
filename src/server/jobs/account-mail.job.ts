import { z } from 'zod';
import { isLanguage, type Language } from '../../shared/i18n/languages';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { generatePassword, hashPassword } from '../lib/passwords';
import { newSingleUseToken } from '../lib/single-use-tokens';
import { emailChangedMail, registrationMail, resetMail, verifyMail } from '../mail/templates';
import { insertAuthToken, type TokenPurpose } from '../modules/account/auth-tokens.repo';
import { type MailKind, takeMailQuota } from '../modules/account/mail-quota';
import { findEstablishmentName } from '../modules/account/memberships.repo';
import { findUserByEmail, findUserById, updateUser } from '../modules/account/users.repo';
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
/**
 * A reset request carries the address as typed, not a user: the request does the same work whether
 * or not an account has it (queue this job), so neither its answer nor its timing tells; the job
 * finds out.
 */
export const passwordResetJob = {
  queue: 'account.forgot-password',
  payload: z.object({ email: z.string() }),
};
/** The warning to the address an account had before its email was changed. */
export const emailChangedJob = {
  queue: 'account.email-changed',
  payload: z.object({ userId: z.string(), oldEmail: z.string() }),
};

const languageOf = (user: UserRow): Language => (isLanguage(user.language) ? user.language : 'en');

/** A token for a link emailed to the user's current address; it works only while that stays their address. */
async function issueToken(ctx: AppContext, user: UserRow, purpose: TokenPurpose, hours: number) {
  const { token, hash } = newSingleUseToken();
  await insertAuthToken(ctx.db, {
    userId: user.id,
    email: user.email,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + hours * 3600_000),
  });
  return token;
}

/** The handlers of the account emails, bound to the running process. */
export function accountMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const { publicUrl, supportEmail, androidAppUrl } = ctx.config;

  /**
   * Run `send` (which makes and sends one email to `address`) unless the address had its hourly
   * share of this kind (mail-quota.ts); answers whether it ran. A failed send gives its count back
   * before the job is retried.
   */
  async function capped(address: string, kind: MailKind, send: () => Promise<void>): Promise<boolean> {
    const release = await takeMailQuota(ctx, address, kind);
    if (!release) {
      ctx.log.warn({ kind }, 'account email not sent: this address had its hourly share');
      return false;
    }
    try {
      await send();
      return true;
    } catch (error) {
      await release();
      throw error;
    }
  }
  const welcome: JobDefinition<typeof welcomeJob.payload> = {
    ...welcomeJob,
    async handle({ userId, establishmentId, kind }) {
      const user = await findUserById(ctx.db, userId);
      if (!user) return; // deleted meanwhile: nothing to send
      // Over the hourly cap (the address registered, deleted and registered again...) the account
      // stays marked as owed its welcome, and the sweep queues it again until the hour has passed.
      const sent = await capped(user.email, 'verification', async () => {
        const password = generatePassword();
        await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(password) });
        const token = await issueToken(ctx, user, 'verify_email', VERIFY_TTL_HOURS);
        const establishment = establishmentId
          ? await findEstablishmentName(ctx.db, establishmentId)
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
            role: user.role,
            supportEmail,
          }),
        });
      });
      // Sent: the sweep no longer looks for this account.
      if (sent) await updateUser(ctx.db, user.id, { welcomeDueAt: null });
    },
  };
  const verification: JobDefinition<typeof verificationJob.payload> = {
    ...verificationJob,
    async handle({ userId }) {
      const user = await findUserById(ctx.db, userId);
      if (!user || user.emailVerified) return;
      await capped(user.email, 'verification', async () => {
        const token = await issueToken(ctx, user, 'verify_email', VERIFY_TTL_HOURS);
        await ctx.mailer.send({
          to: user.email,
          ...verifyMail(languageOf(user), {
            firstName: user.firstName,
            verifyUrl: `${publicUrl}/verify/${token}`,
            hours: VERIFY_TTL_HOURS,
            supportEmail,
          }),
        });
      });
    },
  };
  const reset: JobDefinition<typeof passwordResetJob.payload> = {
    ...passwordResetJob,
    async handle({ email }) {
      const user = await findUserByEmail(ctx.db, email);
      if (!user) return; // no account: nothing is sent, and the request answered as if there were
      await capped(user.email, 'reset', async () => {
        const token = await issueToken(ctx, user, 'reset_password', RESET_TTL_HOURS);
        await ctx.mailer.send({
          to: user.email,
          ...resetMail(languageOf(user), {
            firstName: user.firstName,
            resetUrl: `${publicUrl}/newpassword/${token}`,
            hours: RESET_TTL_HOURS,
            supportEmail,
          }),
        });
      });
    },
  };
  const emailChanged: JobDefinition<typeof emailChangedJob.payload> = {
    ...emailChangedJob,
    async handle({ userId, oldEmail }) {
      const user = await findUserById(ctx.db, userId);
      if (!user) return;
      await capped(oldEmail, 'email_changed', () =>
        ctx.mailer.send({
          to: oldEmail,
          ...emailChangedMail(languageOf(user), { firstName: user.firstName, supportEmail }),
        }),
      );
    },
  };
  // An email job takes seconds (a password hash, one SMTP exchange); one still running after
  // JOB_TIMEOUT_SECONDS belongs to a crashed process and is taken over.
  return [welcome, verification, reset, emailChanged].map((def) => ({
    ...def,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
  })) as JobDefinition<z.ZodType>[];
}
