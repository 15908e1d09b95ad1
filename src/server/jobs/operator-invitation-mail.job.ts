import { z } from 'zod';
import { isLanguage } from '../../shared/i18n/languages';
import { INVITATION_TTL_DAYS } from '../../shared/schemas/business-voice.schema';
import type { AppContext } from '../context';
import { newSingleUseToken } from '../lib/single-use-tokens';
import { operatorInvitationMail } from '../mail/templates';
import { findInvitationForMail, setInvitationToken } from '../modules/voice/voice.repo';
import type { JobDefinition } from './queue';

/**
 * The invitation to operate a business. The token is made here, so no secret sits in the
 * job table; a retried job makes a new one and the latest email is the valid one.
 */
export const operatorInvitationMailJob = {
  queue: 'voice.operator-invitation-mail',
  payload: z.object({ invitationId: z.uuid() }),
};

/** The handler of the invitation email, bound to the running process. */
export function operatorInvitationMailJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const job: JobDefinition<typeof operatorInvitationMailJob.payload> = {
    ...operatorInvitationMailJob,
    expireInSeconds: ctx.config.jobTimeoutSeconds,
    async handle({ invitationId }) {
      // Withdrawn, accepted or expired meanwhile: nothing to send.
      const invitation = await findInvitationForMail(ctx.db, invitationId, new Date());
      if (!invitation) return;
      const { token, hash } = newSingleUseToken();
      await setInvitationToken(ctx.db, invitation.id, hash);
      const inviter = `${invitation.byFirstName ?? ''} ${invitation.byLastName ?? ''}`.trim();
      await ctx.mailer.send({
        to: invitation.email,
        ...operatorInvitationMail(isLanguage(invitation.language) ? invitation.language : 'en', {
          firstName: invitation.recipientFirstName,
          inviter: inviter || invitation.establishment,
          establishment: invitation.establishment,
          acceptUrl: `${ctx.config.publicUrl}/invitation/${token}`,
          days: INVITATION_TTL_DAYS,
          supportEmail: ctx.config.supportEmail,
        }),
      });
    },
  };
  return [job] as JobDefinition<z.ZodType>[];
}
