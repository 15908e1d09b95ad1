import type { SqlExecutor } from '../../../db/client';

/**
 * A link of a notification's email to this user was followed: "Open" (target null) or the button
 * at index `target`. Its click is counted once per delivery (unless `count` is false:
 * EMAIL_CLICK_TRACKING off, an older email's link), and only for a button the notification has.
 * Answers where the post lives and where the button goes, or undefined when no such email was sent
 * or no such button exists.
 */
export async function recordEmailClick(
  sql: SqlExecutor,
  notificationId: string,
  userId: string,
  target: number | null,
  count: boolean,
): Promise<
  | {
      establishmentId: string;
      deleted: boolean;
      /** A welcome: no post of its own to open. */
      welcome: boolean;
      linkUrl: string | null;
      actionUrl: string | null;
    }
  | undefined
> {
  // `->` on a missing index (or actions that are not an array) is NULL, never an error.
  const { rows } = await sql.executeSql(
    `UPDATE deliveries d SET clicked_at = CASE WHEN $4::boolean THEN COALESCE(d.clicked_at, now()) ELSE d.clicked_at END
       FROM notifications n
      WHERE d.notification_id = $1 AND d.target_id = $2 AND d.channel = 'email' AND d.outcome = 'sent'
        AND n.id = d.notification_id AND ($3::int IS NULL OR n.actions -> $3::int ->> 'url' IS NOT NULL)
      RETURNING n.establishment_id, n.deleted_at IS NOT NULL AS deleted, n.source IN ('welcome', 'automation') AS welcome, n.link_url,
                n.actions -> $3::int ->> 'url' AS action_url`,
    [notificationId, userId, target, count],
  );
  const row = rows[0] as
    | {
        establishment_id: string;
        deleted: boolean;
        welcome: boolean;
        link_url: string | null;
        action_url: string | null;
      }
    | undefined;
  return row
    ? {
        establishmentId: row.establishment_id,
        deleted: Boolean(row.deleted),
        welcome: Boolean(row.welcome),
        linkUrl: row.link_url,
        actionUrl: row.action_url,
      }
    : undefined;
}

/** The mail server refused these users' addresses for good: no email goes to them any more. */
export async function markEmailsBounced(sql: SqlExecutor, userIds: string[]) {
  if (userIds.length === 0) return;
  await sql.executeSql(
    'UPDATE users SET email_bounced_at = now() WHERE id = ANY($1::uuid[]) AND email_bounced_at IS NULL',
    [userIds],
  );
}
