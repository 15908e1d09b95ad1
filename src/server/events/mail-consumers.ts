import type { AppContext } from '../context';
import { jobId } from '../delivery';
import { emailChangedJob, passwordResetJob, verificationJob, welcomeJob } from '../jobs/account-mail.job';
import { passwordResetByAdminJob } from '../jobs/admin-password-mail.job';
import { contactMailJob } from '../jobs/contact-mail.job';
import { emailPausedMailJob } from '../jobs/email-paused-mail.job';
import { operatorInvitationMailJob } from '../jobs/operator-invitation-mail.job';
import { operatorNoticeMailJob } from '../jobs/operator-notice-mail.job';
import { webhookDeliverJob } from '../jobs/webhook-delivery.queues';
import { digestWindow } from '../modules/operator-notices/operator-notice-queue';
import { consumer, type EventConsumer } from './consumer';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The emails that follow from account, invitation, contact and complaint events, the operators'
 * notice emails, and a webhook's calls waiting: each queues its job in the action's transaction.
 */
export function mailConsumers(_ctx: AppContext): EventConsumer[] {
  return [
    consumer({
      // However the account was made (registering, an admin, an operator, a representative).
      name: 'account welcome email',
      types: ['user.created'],
      on: async ({ subjectId, data }, { enqueue }) => {
        const { establishmentId, kind } = data;
        await enqueue(welcomeJob, {
          userId: subjectId!,
          ...(establishmentId ? { establishmentId } : {}),
          kind,
        });
      },
    }),
    consumer({
      name: 'verification email',
      types: ['user.verification_requested'],
      on: ({ subjectId }, { enqueue }) => enqueue(verificationJob, { userId: subjectId! }),
    }),
    consumer({
      // The address the account had is told of the change.
      name: 'email changed warning',
      types: ['user.email_changed'],
      on: ({ subjectId, data }, { enqueue }) =>
        enqueue(emailChangedJob, { userId: subjectId!, oldEmail: data.oldEmail }),
    }),
    consumer({
      name: 'new password by an admin',
      types: ['user.password_reset_by_admin'],
      on: ({ subjectId }, { enqueue }) => enqueue(passwordResetByAdminJob, { userId: subjectId! }),
    }),
    consumer({
      // Not woken at once (a job with a start time waits for the next poll): the job does more for
      // a real account, and that work must not run while the request's answer is still being written.
      name: 'password reset email',
      types: ['password_reset.requested'],
      on: ({ data, at }, { enqueue }) => enqueue(passwordResetJob, { email: data.email }, { startAfter: at }),
    }),
    consumer({
      name: 'operator invitation email',
      types: ['operator.invited'],
      on: ({ data }, { enqueue }) => enqueue(operatorInvitationMailJob, { invitationId: data.invitationId }),
    }),
    consumer({
      name: 'contact request email',
      types: ['contact.requested'],
      on: ({ data }, { enqueue }) => enqueue(contactMailJob, { requestId: data.requestId }),
    }),
    consumer({
      name: 'email paused notice',
      types: ['email.paused'],
      on: ({ data }, { enqueue }) => enqueue(emailPausedMailJob, { pauseId: data.pauseId }),
    }),
    consumer({
      // One email for this notice ("immediately"), and the business's hourly and daily digests, one
      // job per window (the same job id for every notice of the window), each starting when its
      // window ends. Which operators get which is the job's question (their cadence, their push).
      name: 'operator notice emails',
      types: ['operator_notice.created'],
      on: async ({ establishmentId, data }, { enqueue }) => {
        const { noticeId } = data;
        await enqueue(
          operatorNoticeMailJob,
          { establishmentId: establishmentId!, cadence: 'immediately', noticeId },
          { id: jobId('operator-notice', noticeId) },
        );
        for (const [cadence, ms] of [
          ['hourly', HOUR_MS],
          ['daily', DAY_MS],
        ] as const) {
          const { from, to } = digestWindow(new Date(data.createdAt), ms);
          await enqueue(
            operatorNoticeMailJob,
            { establishmentId: establishmentId!, cadence, from: from.toISOString(), to: to.toISOString() },
            { id: jobId('operator-digest', establishmentId, cadence, from.toISOString()), startAfter: to },
          );
        }
      },
    }),
    consumer({
      // Turned on again, a test event or a resend: what it owes goes out now.
      name: 'webhook calls waiting',
      types: ['webhook.queued'],
      on: ({ data }, { enqueue }) => enqueue(webhookDeliverJob, { webhookId: data.webhookId }),
    }),
  ];
}
