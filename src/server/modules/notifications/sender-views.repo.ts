import { eq, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import { establishments, notifications, notificationTargets, recurringSends } from '../../db/schema';
import { CHANNEL_COUNTS_SQL, type ChannelCountsRow } from '../../delivery';

/**
 * What of a post only those who send for its establishment see, or what may change without its
 * feed_version moving (the fan-out's status, audience, error and end; a weekly send ending; who
 * registered the business), with its deliveries counted by channel and its targets: read on every
 * page a sender opens, over the feed cache's posts (followers-feed's sendersFirstPage).
 */
const senderColumns = {
  id: notifications.id,
  registeredById: establishments.registeredById,
  blockedAt: establishments.blockedAt,
  status: notifications.status,
  audience: notifications.audience,
  held: notifications.held,
  error: notifications.error,
  completedAt: notifications.completedAt,
  scheduledFor: notifications.scheduledFor,
  localTime: notifications.localTime,
  recurrenceId: notifications.recurrenceId,
  recurrenceWeekdays: recurringSends.weekdays,
  recurrenceMinute: recurringSends.minuteOfDay,
  recurrenceUntil: recurringSends.until,
  recurrenceEndedAt: recurringSends.endedAt,
  recurrencePausedAt: recurringSends.pausedAt,
  recurrenceLocalTime: recurringSends.localTime,
  timeZone: establishments.timeZone,
  outcomes: sql<ChannelCountsRow[] | string | null>`(select json_agg(o) from (${sql.raw(CHANNEL_COUNTS_SQL)}
    where notification_id = ${notifications.id} group by notification_id, channel) o)`,
  targets: sql<[string, string][] | string | null>`(
    select json_agg(json_build_array(t.preference_id, t.preference_name) order by t.preference_name, t.preference_id)
    from ${notificationTargets} t where t.notification_id = ${notifications.id})`,
};
const senderViewsStatement = preparedPer((db) =>
  db
    .select(senderColumns)
    .from(notifications)
    .innerJoin(establishments, eq(establishments.id, notifications.establishmentId))
    .leftJoin(recurringSends, eq(recurringSends.id, notifications.recurrenceId))
    .where(sql`${notifications.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('sender_views_of_posts'),
);

type SenderRow = Awaited<ReturnType<ReturnType<typeof senderViewsStatement>['execute']>>[number];
/** A post's sender view: senderColumns with its counts and targets parsed. */
export type SenderView = Omit<SenderRow, 'outcomes' | 'targets'> & {
  outcomes: ChannelCountsRow[];
  targets: { preferenceId: string; name: string }[];
};

const parsedJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The sender views of these posts, by id, in one prepared statement. */
export async function senderViewsOf(db: Db, ids: string[]): Promise<Map<string, SenderView>> {
  if (ids.length === 0) return new Map();
  const rows = await senderViewsStatement(db).execute({ ids });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        outcomes: parsedJson(row.outcomes) ?? [],
        targets: (parsedJson(row.targets) ?? []).map(([preferenceId, name]) => ({ preferenceId, name })),
      },
    ]),
  );
}
