import type { AppContext } from '../../context';
import * as repo from './mail-quota.repo';

export type MailKind = repo.MailKind;

/**
 * At most this many account emails of one kind to one address per clock hour, counted in the
 * database so every worker process shares the count. Anyone can make us email an address they do
 * not own (register it, delete the account and register again, ask for reset links, resend the
 * verification): the cap keeps that from flooding someone's inbox and from spoiling our sender
 * reputation, while leaving room for what a real person does in an hour.
 */
export const MAIL_LIMIT_PER_HOUR: Record<MailKind, number> = {
  // The welcome email and a few "send it again" after a look in the spam folder.
  verification: 5,
  // A reset link is valid for an hour; asking again twice covers a slow or lost email.
  reset: 3,
  // The warning to an old address: someone fixing a typo in the new address changes it two or three
  // times; the first warning already told the owner.
  email_changed: 3,
};

/**
 * Count one email of `kind` to `address` before sending it. Answers undefined when the address had
 * its share this hour (send nothing), else a function that gives the count back if sending fails,
 * so a retried job is not refused by its own failed attempts.
 */
export async function takeMailQuota(
  ctx: AppContext,
  address: string,
  kind: MailKind,
): Promise<(() => Promise<void>) | undefined> {
  const window = await repo.takeMailQuota(ctx.db, address, kind, MAIL_LIMIT_PER_HOUR[kind]);
  if (!window) return undefined;
  return () => repo.releaseMailQuota(ctx.db, address, kind, window);
}

/** Whether `address` already had every email of `kind` it may get this hour. */
export async function mailQuotaExhausted(ctx: AppContext, address: string, kind: MailKind): Promise<boolean> {
  return (await repo.mailQuotaUsed(ctx.db, address, kind)) >= MAIL_LIMIT_PER_HOUR[kind];
}
