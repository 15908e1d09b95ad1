import type { Channel } from '../channel';
import { createEmailSender } from './email-channel';
import { type PendingEmail, pendingEmails } from './email-pending.repo';
import { deliverEmailJob } from './queues';

/** Email batch jobs one process runs at once: the transport's pool and rate set the pace anyway. */
const EMAIL_BATCHES_IN_PARALLEL = 2;

/**
 * No one is emailed while the business's email is paused for its spam complaints (email_pauses;
 * $1 is the business in every audience statement: an uncorrelated test, run once per statement).
 */
const businessEmails =
  'NOT EXISTS (SELECT 1 FROM email_pauses p WHERE p.establishment_id = $1::uuid AND p.lifted_at IS NULL)';

/**
 * The business's notification by email, to a follower (operators are not emailed their own
 * sends) who confirmed their address (double opt-in) and consented, with an address that does not
 * bounce. The target is the user, the address's owner.
 */
export const emailChannel: Channel<PendingEmail> = {
  name: 'email',
  audience: {
    userColumns: ['email_verified', 'marketing_consent', 'email_bounced_at'],
    choices: ['email', 'both'],
    eligible: `m.kind = 'customer' AND u.email_verified AND u.marketing_consent AND u.email_bounced_at IS NULL
               AND ${businessEmails}`,
    // What `eligible` says is all there is: an address.
    reaches: 'true',
    targetCount: '1',
    targets: 'SELECT m.user_id, m.user_id FROM members m WHERE m.email_ok AND NOT m.email_held',
  },
  queue: deliverEmailJob,
  batchesInParallel: EMAIL_BATCHES_IN_PARALLEL,
  loadPending: pendingEmails,
  sender: createEmailSender,
};
