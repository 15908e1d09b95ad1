import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { SqlExecutor } from '../../db/client';
import type { QuietHoursSetting } from '../deferral/quiet-period';
import { inRange } from './user-range';

/** Who an email delivery goes to. */
export interface EmailTarget {
  address: string;
  firstName: string;
  language: string;
}

export interface PendingDelivery {
  /** The target: the push subscription (push) or the user (email). */
  subscriptionId: string;
  channel: 'push' | 'email';
  /** For an email delivery: its address; null when it may no longer be emailed (consent taken back, bounced). */
  email: EmailTarget | null;
  /** Null when the subscription was removed since the audience was taken. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** Requests made to the push service for it so far. */
  attempts: number;
  /** Its device's failed sends in a row (push_subscriptions.failed_sends). */
  failedSends: number;
  /** Not to be tried before this time (backoff, Retry-After); null: due now. */
  retryAt: Date | null;
  /** The user's quiet hours; null for most: no quiet hours. */
  quiet: QuietHoursSetting | null;
  /**
   * A push's user's language, read only for a post in several languages (a join on the hottest
   * query costs every send); null otherwise. An email's language is `email.language`.
   */
  language: string | null;
}

/**
 * The still-undecided deliveries of one batch: the devices of the users in (after, upto], with
 * their users' quiet hours (null columns for those without). The users with quiet hours in the
 * range are read first, by one range scan of the partial index users_quiet_idx (a few rows), and
 * hash-joined: probing users for each delivery instead cost far more (bench:quiet-hours).
 */
export async function pendingInRange(
  sql: SqlExecutor,
  notificationId: string,
  after: string | null,
  upto: string,
  channel: DeliveryChannel = 'push',
  withLanguage = false,
): Promise<PendingDelivery[]> {
  // A post in several languages: each device's user's language too (a primary-key join per row).
  const language = withLanguage && channel === 'push';
  // Each channel joins only what it needs: the planner probed users for every push delivery too,
  // only to drop what it found (the join's channel test came after the probe).
  const target =
    channel === 'email'
      ? {
          columns: `NULL AS endpoint, NULL AS p256dh, NULL AS auth, NULL AS failed_sends,
                    e.email, e.first_name, e.language`,
          join: 'LEFT JOIN users e ON e.id = d.user_id AND e.marketing_consent AND e.email_bounced_at IS NULL',
        }
      : {
          columns: `s.endpoint, s.p256dh, s.auth, s.failed_sends,
                    NULL AS email, NULL AS first_name, NULL AS language`,
          join: 'LEFT JOIN push_subscriptions s ON s.id = d.subscription_id',
        };
  const { rows } = await sql.executeSql(
    `WITH quiet AS MATERIALIZED (
       SELECT id, quiet_start, quiet_end, quiet_time_zone FROM users
        WHERE quiet_start IS NOT NULL AND ($2::uuid IS NULL OR id > $2::uuid) AND id <= $3::uuid)
     SELECT d.subscription_id, d.channel, d.attempts, d.retry_at, ${target.columns},
            q.quiet_start, q.quiet_end, q.quiet_time_zone
            ${language ? ', l.language AS push_language' : ''}
       FROM deliveries d ${target.join}
       ${language ? 'LEFT JOIN users l ON l.id = d.user_id' : ''}
       LEFT JOIN quiet q ON q.id = d.user_id
      WHERE d.notification_id = $1 AND d.outcome = 'pending' AND d.channel = $4
        AND ${inRange('d', '$2', '$3')}`,
    [notificationId, after, upto, channel],
  );
  return (
    rows as {
      subscription_id: string;
      channel: 'push' | 'email';
      email: string | null;
      first_name: string | null;
      language: string | null;
      attempts: number;
      retry_at: Date | string | null;
      failed_sends: number | null;
      endpoint: string | null;
      p256dh: string | null;
      auth: string | null;
      quiet_start: number | null;
      quiet_end: number | null;
      quiet_time_zone: string | null;
      push_language?: string | null;
    }[]
  ).map((r) => ({
    language: r.push_language ?? null,
    subscriptionId: r.subscription_id,
    channel: r.channel,
    email:
      r.email === null
        ? null
        : { address: r.email, firstName: r.first_name ?? '', language: r.language ?? 'en' },
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    attempts: Number(r.attempts),
    retryAt: r.retry_at === null ? null : new Date(r.retry_at),
    failedSends: Number(r.failed_sends ?? 0),
    quiet:
      r.quiet_start === null || r.quiet_end === null || r.quiet_time_zone === null
        ? null
        : { start: Number(r.quiet_start), end: Number(r.quiet_end), timeZone: r.quiet_time_zone },
  }));
}
