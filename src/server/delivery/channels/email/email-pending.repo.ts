import type { SqlExecutor } from '../../../db/client';
import { pendingRows } from '../../batches/pending.repo';
import type { UserRange } from '../../batches/user-range';
import type { PendingOptions, PendingRow } from '../channel';

/** Who an email delivery goes to. */
export interface EmailTarget {
  address: string;
  firstName: string;
  language: string;
}

/** An email delivery still to decide (its target is the user, the address's owner). */
export interface PendingEmail extends PendingRow {
  /** Its address; null when it may no longer be emailed (consent taken back, bounced). */
  email: EmailTarget | null;
}

/** An email batch's undecided deliveries, with each user's address while they may still be emailed. */
export async function pendingEmails(
  sql: SqlExecutor,
  notificationId: string,
  users: UserRange,
  { localTime }: Pick<PendingOptions, 'localTime'> = {},
): Promise<PendingEmail[]> {
  const rows = await pendingRows(
    sql,
    notificationId,
    'email',
    users,
    {
      columns: 'e.email, e.first_name, e.language',
      joins: 'LEFT JOIN users e ON e.id = d.user_id AND e.marketing_consent AND e.email_bounced_at IS NULL',
    },
    { localTime },
  );
  return rows.map(({ raw, ...row }) => {
    const r = raw as { email: string | null; first_name: string | null; language: string | null };
    return {
      ...row,
      email:
        r.email === null
          ? null
          : { address: r.email, firstName: r.first_name ?? '', language: r.language ?? 'en' },
    };
  });
}
