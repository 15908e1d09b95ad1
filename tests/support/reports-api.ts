/**
 * Helpers of the reports suites (src/server/modules/reports/reports-*.routes.test.ts): read the
 * dashboard and the funnel over HTTP as their users would, and write history the API cannot write.
 *
 * The API records every event at the moment it happens: nothing can be sent, received or followed
 * "yesterday at 23:59:59". The suites that need events on given local days insert those rows with
 * SQL through the test's own database handle, the way the app would have written them then; the
 * database's triggers then bucket them exactly as they bucket the API's writes.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  type Dashboard,
  type Funnel,
  NO_FIGURES,
  type ReportFigures,
} from '../../src/shared/schemas/report.schema';
import type { TestApp } from './test-app';

/** Nothing happened. */
export const NONE: ReportFigures = NO_FIGURES;

/** Figures where only the given ones are not zero. */
export const figures = (some: Partial<ReportFigures>): ReportFigures => ({ ...NONE, ...some });

/** A query string of the defined values. */
const queryOf = (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The calendar date in `timeZone` at `at` (as the tests see it, independently of the server). */
export const dateIn = (timeZone: string, at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** `day` moved by `n` days. */
export const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function reportsApi(t: () => TestApp) {
  const getDashboard = (token: string, query: Record<string, string | undefined> = {}) =>
    t().request({ method: 'GET', url: `/api/reports/dashboard${queryOf(query)}`, token });
  const getFunnel = (token: string, query: Record<string, string | undefined> = {}) =>
    t().request({ method: 'GET', url: `/api/reports/funnel${queryOf(query)}`, token });

  async function dashboard(
    token: string,
    query: Record<string, string | undefined> = {},
  ): Promise<Dashboard> {
    const res = await getDashboard(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  }

  async function funnel(token: string, query: Record<string, string | undefined> = {}): Promise<Funnel> {
    const res = await getFunnel(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Funnel>();
  }

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await t().ctx.database.sql.executeSql(text, values)).rows as T[];

  /** A local wall-clock time ('YYYY-MM-DD HH:MM:SS') in a time zone, as a timestamptz expression. */
  const LOCAL = (timestamp: string, zone: string) => `(${timestamp}::timestamp AT TIME ZONE ${zone})`;

  /** A notification the establishment sent at that local time (a post too when `inFeed`), already delivered. */
  async function sentAt(
    establishmentId: string,
    local: string,
    zone: string,
    inFeed = false,
  ): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO notifications (establishment_id, text, in_feed, status, batches_done, created_at, completed_at)
       VALUES ($1, 'Back then', $2, 'done', true, ${LOCAL('$3', '$4')}, ${LOCAL('$3', '$4')}) RETURNING id`,
      [establishmentId, inFeed, local, zone],
    );
    return row!.id;
  }

  /** Its deliveries, in one statement as the fan-out writes them: `received` of them confirmed, `clicked` opened. */
  async function deliveredTo(notificationId: string, devices: number, received = 0, clicked = 0) {
    await sql(
      `INSERT INTO deliveries (notification_id, target_id, user_id, outcome, received_at, clicked_at)
       SELECT $1::uuid, s, s, 'sent', CASE WHEN n <= $3::int THEN now() END, CASE WHEN n <= $4::int THEN now() END
       FROM unnest($2::uuid[]) WITH ORDINALITY AS d(s, n)`,
      [notificationId, Array.from({ length: devices }, () => randomUUID()), received, clicked],
    );
  }

  /** The user followed the establishment at that local time, from that source. */
  async function followedAt(
    userId: string,
    establishmentId: string,
    local: string,
    zone: string,
    source = 'direct',
  ) {
    await sql(
      `INSERT INTO memberships (user_id, establishment_id, kind, source, created_at)
       VALUES ($1, $2, 'customer', $3, ${LOCAL('$4', '$5')})`,
      [userId, establishmentId, source, local, zone],
    );
  }

  /** Public page views of the establishment at that local time, from one visitor. */
  async function viewedAt(
    establishmentId: string,
    local: string,
    zone: string,
    source: string,
    visitor: string,
    views = 1,
  ) {
    for (let i = 0; i < views; i++) {
      await sql(
        `INSERT INTO page_views (at, path, establishment_id, source, visitor_hash)
         VALUES (${LOCAL('$1', '$2')}, $3, $4, $5, $6)`,
        [local, zone, `/${establishmentId}`, establishmentId, source, visitor],
      );
    }
  }

  /** The user reacted to the post at that local time. */
  async function reactedAt(
    notificationId: string,
    userId: string,
    local: string,
    zone: string,
    kind = 'like',
  ) {
    await sql(
      `INSERT INTO post_reactions (notification_id, user_id, kind, created_at)
       VALUES ($1, $2, $3, ${LOCAL('$4', '$5')})`,
      [notificationId, userId, kind, local, zone],
    );
  }

  /** The user commented on the post at that local time; answers the comment's id. */
  async function commentedAt(notificationId: string, userId: string, local: string, zone: string) {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO post_comments (notification_id, author_id, text, created_at)
       VALUES ($1, $2, 'Lovely', ${LOCAL('$3', '$4')}) RETURNING id`,
      [notificationId, userId, local, zone],
    );
    return row!.id;
  }

  return {
    getDashboard,
    getFunnel,
    dashboard,
    funnel,
    sql,
    sentAt,
    deliveredTo,
    followedAt,
    viewedAt,
    reactedAt,
    commentedAt,
  };
}
