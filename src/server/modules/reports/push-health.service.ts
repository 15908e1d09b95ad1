import {
  PUSH_HEALTH_DAYS,
  PUSH_HEALTH_MIN_OPEN_SHARE,
  PUSH_HEALTH_MIN_SENDS,
  PUSH_HEALTH_WEEKS,
  type PushHealth,
  type PushHealthQuery,
} from '../../../shared/schemas/push-health.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { SqlExecutor } from '../../db/client';
import { resolveReportScope } from './report-scope';

const DAY_MS = 86_400_000;

/**
 * Permission health: a business's pushes of the last 30 days, delivered and opened,
 * and its followers' devices lost in each of the last four weeks. Authorized as the dashboard is
 * (resolveReportScope) before anything is read.
 */
export async function getPushHealth(
  ctx: AppContext,
  actor: AuthedActor,
  query: PushHealthQuery,
): Promise<PushHealth> {
  const scope = await resolveReportScope(ctx, actor, query.establishmentId);
  const now = Date.now();
  const [opens, losses] = await Promise.all([
    pushOpens(ctx.database.sql, scope.establishmentId, new Date(now - PUSH_HEALTH_DAYS * DAY_MS)),
    lossesByWeek(ctx.database.sql, scope.establishmentId, now),
  ]);
  const openShare = opens.delivered > 0 ? opens.opened / opens.delivered : null;
  return {
    days: PUSH_HEALTH_DAYS,
    ...opens,
    openShare,
    lowOpenShare:
      openShare !== null && opens.sends >= PUSH_HEALTH_MIN_SENDS && openShare < PUSH_HEALTH_MIN_OPEN_SHARE,
    devicesLost: losses,
  };
}

/**
 * The sends since `since` that went to phones, their pushes accepted and opened: read from the
 * sends' deliveries (each send's rows by the batch index), operators' devices left out.
 */
async function pushOpens(sql: SqlExecutor, establishmentId: string | null, since: Date) {
  const { rows } = await sql.executeSql(
    `SELECT count(DISTINCT n.id)::int AS sends,
            count(*) FILTER (WHERE d.outcome = 'sent')::int AS delivered,
            count(d.clicked_at)::int AS opened
       FROM notifications n
       JOIN deliveries d ON d.notification_id = n.id AND d.channel = 'push'
      WHERE ($1::uuid IS NULL OR n.establishment_id = $1::uuid) AND n.created_at >= $2::timestamptz
        AND n.status <> 'scheduled'
        AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = d.user_id
                          AND m.establishment_id = n.establishment_id AND m.kind = 'client')`,
    [establishmentId, since.toISOString()],
  );
  const row = rows[0] as { sends: number; delivered: number; opened: number };
  return { sends: Number(row.sends), delivered: Number(row.delivered), opened: Number(row.opened) };
}

/** Devices of the business's followers (of anyone's, for the platform) lost in each of the last weeks. */
async function lossesByWeek(sql: SqlExecutor, establishmentId: string | null, now: number) {
  const since = new Date(now - PUSH_HEALTH_WEEKS * 7 * DAY_MS);
  const { rows } = await sql.executeSql(
    `SELECT floor(extract(epoch FROM ($3::timestamptz - l.at)) / 604800)::int AS week, l.reason,
            count(*)::int AS n
       FROM lost_devices l
      WHERE l.at >= $2::timestamptz
        AND ($1::uuid IS NULL OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = l.user_id
                                            AND m.establishment_id = $1::uuid AND m.kind = 'customer'))
      GROUP BY 1, 2`,
    [establishmentId, since.toISOString(), new Date(now).toISOString()],
  );
  const weeks = Array.from({ length: PUSH_HEALTH_WEEKS }, (_, week) => ({
    from: new Date(now - (week + 1) * 7 * DAY_MS).toISOString(),
    gone: 0,
    unsubscribed: 0,
    expired: 0,
    total: 0,
  }));
  for (const row of rows as { week: number; reason: 'gone' | 'unsubscribed' | 'expired'; n: number }[]) {
    const week = weeks[Math.min(Number(row.week), PUSH_HEALTH_WEEKS - 1)];
    if (!week) continue;
    week[row.reason] += Number(row.n);
    week.total += Number(row.n);
  }
  return weeks;
}
