import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import { OPERATOR_NOTICE_CADENCES } from '../../shared/schemas/operator-notice.schema';
import type { AppContext } from '../context';
import { operatorNoticeMail } from '../mail/talk-back-mail';
import { liveDevicesOf } from '../modules/notifications/push-devices.repo';
import * as repo from '../modules/operator-notices/operator-notices.repo';
import type { JobDefinition } from './queue';

/**
 * The operators' email of what came in for a business (new comments, messages), for those
 * without push: one per notice ("immediately"), or one digest per business and hour or day, queued
 * to start when its window ends (operator-notice-queue.ts). Each email takes a sent marker (user,
 * business, key) in the transaction that sends it, so a job run twice sends once.
 */
export const operatorNoticeMailJob = {
  queue: 'operators.notice-mail',
  payload: z.object({
    establishmentId: z.uuid(),
    cadence: z.enum(OPERATOR_NOTICE_CADENCES),
    /** "immediately": the one notice. */
    noticeId: z.uuid().optional(),
    /** A digest's window, [from, to). */
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  }),
};

/** The handler of the operators' notice email, bound to the running process. */
export function operatorNoticeMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof operatorNoticeMailJob.payload> = {
    ...operatorNoticeMailJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ establishmentId, cadence, noticeId, from, to }) {
      if (cadence === 'off') return;
      const which = noticeId ? { id: noticeId } : { from: new Date(from!), to: new Date(to!) };
      const key = noticeId ? `notice:${noticeId}` : `${cadence}:${from}`;
      const [notices, recipients] = await Promise.all([
        repo.noticesOf(ctx.db, establishmentId, which),
        repo.emailRecipients(ctx.db, establishmentId, cadence),
      ]);
      if (notices.length === 0 || recipients.length === 0) return;
      // Operators with a live device hear by push (the comment notice, the message's push).
      const withPush = new Set(
        (
          await liveDevicesOf(
            ctx.db,
            recipients.map((r) => r.userId),
          )
        ).map((device) => device.userId),
      );
      const { publicUrl } = ctx.config;
      for (const person of recipients) {
        if (withPush.has(person.userId)) continue;
        // Nobody is told of their own words.
        const items = notices.filter((notice) => notice.actorId !== person.userId);
        if (items.length === 0) continue;
        const mail = operatorNoticeMail(isLanguage(person.language) ? person.language : 'en', {
          firstName: person.firstName,
          establishment: person.establishmentName,
          items,
          url: `${publicUrl}${items.length === 1 ? items[0]!.path : `/app/establishment/${establishmentId}`}`,
          settingsUrl: `${publicUrl}/app/account`,
        });
        // The marker commits only with a sent email: a failed send leaves it for the retry.
        await ctx.db.transaction(async (tx) => {
          const first = await repo.markSent(tx, {
            userId: person.userId,
            establishmentId,
            key,
            sentAt: ctx.now(),
          });
          if (first) await ctx.mailer.send({ to: person.email, ...mail });
        });
      }
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
