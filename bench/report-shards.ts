/**
 * What the rollups' shards cost the dashboards, and what housekeeping's fold gives back.
 * A writer takes a shard of its day that no open transaction holds, so a busy day keeps up to 16
 * rows per scope; the platform's dashboard sums every day of its history (the follower balances)
 * and the funnel every day of its period. Seeds the platform's rollups as two busy years leave them
 * (16 shards a day, the funnel's four sources too), times the admin's dashboard and funnel through
 * the real app, folds (report_fold_shards, as the hourly housekeeping does), times them again, and
 * exits 1 if any figure changed.
 *
 *   npm run bench:report-shards -- [--days 730] [--shards 16] [--requests 200]
 *
 * PGlite in memory by default; DATABASE_URL: a fresh database on that PostgreSQL server.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PLATFORM_REPORT_ID } from '../src/server/db/schema/reports';
import { foldPastShards } from '../src/server/modules/reports/reports.repo';
import { startAdminBenchApp } from './support/admin-app';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '730' },
    shards: { type: 'string', default: '16' },
    requests: { type: 'string', default: '200' },
  },
});
const DAYS = Number(args.days);
const SHARDS = Number(args.shards);
const REQUESTS = Number(args.requests);

const bench = await startAdminBenchApp('report_shards');
const { app, ctx, sql, authorization } = bench;

/** Rows of the platform's rollups, both tables. */
async function rows(): Promise<number> {
  const { rows } = await sql.executeSql(
    `SELECT (SELECT count(*) FROM report_daily WHERE establishment_id = $1)
          + (SELECT count(*) FROM report_funnel_daily WHERE establishment_id = $1) AS n`,
    [PLATFORM_REPORT_ID],
  );
  return Number((rows[0] as { n: string }).n);
}

/** The admin's two report reads, `REQUESTS` times each, one after the other: ms per request. */
async function load(url: string): Promise<{ body: string; times: number[] }> {
  let body = '';
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization } });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    body = res.body;
  }
  return { body, times };
}

const quantile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const mean = (times: number[]) => times.reduce((a, b) => a + b, 0) / times.length;

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** The admin's platform dashboard, and its funnel over the last year. */
const URLS = {
  dashboard: '/api/reports/dashboard',
  funnel: `/api/reports/funnel?from=${isoDay(364)}&to=${isoDay(0)}`,
};

try {
  console.log(`${bench.database}: seeding the platform's rollups, ${DAYS} days x ${SHARDS} shards...`);
  // Past days only (the fold leaves today and yesterday to their writers), counts spread over shards.
  await sql.executeSql(
    `INSERT INTO report_daily (establishment_id, day, shard, notifications, posts, devices, reach,
       clicks, follows, unfollows, confirmed)
     SELECT $1, current_date - 2 - d, s, 3, 1, 120, 90, 12, 8, 2, 5
       FROM generate_series(0, $2::int - 1) d, generate_series(0, $3::int - 1) s`,
    [PLATFORM_REPORT_ID, DAYS, SHARDS],
  );
  await sql.executeSql(
    `INSERT INTO report_funnel_daily (establishment_id, day, source, shard, views, visitors, followers, verified)
     SELECT $1, current_date - 2 - d, src, s, 40, 30, 4, 3
       FROM generate_series(0, $2::int - 1) d, generate_series(0, $3::int - 1) s,
            unnest(ARRAY['qr', 'poster', 'share', 'direct']) src`,
    [PLATFORM_REPORT_ID, DAYS, SHARDS],
  );
  await sql.executeSql('ANALYZE report_daily, report_funnel_daily');
  const before = await rows();
  // A warm-up, then the measured requests.
  for (const url of Object.values(URLS)) await load(url);
  const sharded = { dashboard: await load(URLS.dashboard), funnel: await load(URLS.funnel) };

  const foldStarted = performance.now();
  const folded = await foldPastShards(ctx.db, new Date());
  const foldMs = performance.now() - foldStarted;
  await sql.executeSql('ANALYZE report_daily, report_funnel_daily');
  const after = await rows();
  for (const url of Object.values(URLS)) await load(url);
  const one = { dashboard: await load(URLS.dashboard), funnel: await load(URLS.funnel) };

  console.log(
    `\nrows of the platform's rollups: ${before} -> ${after} (${folded} folded away in ${foldMs.toFixed(0)} ms)`,
  );
  console.log(
    `\n${'read'.padEnd(34)}${'shards: mean / p50 / p95 ms'.padStart(30)}${'folded: mean / p50 / p95 ms'.padStart(30)}   faster`,
  );
  const line = (times: number[]) =>
    `${mean(times).toFixed(2)} / ${quantile(times, 0.5).toFixed(2)} / ${quantile(times, 0.95).toFixed(2)}`;
  let changed = false;
  for (const key of ['dashboard', 'funnel'] as const) {
    const [a, b] = [sharded[key], one[key]];
    console.log(
      `${`GET /api/reports/${key}`.padEnd(34)}${line(a.times).padStart(30)}${line(b.times).padStart(30)}   ${(mean(a.times) / mean(b.times)).toFixed(2)}x`,
    );
    if (a.body !== b.body) {
      changed = true;
      console.error(`${key}: the answer changed with the fold\n  before: ${a.body}\n  after:  ${b.body}`);
    }
  }
  console.log(changed ? '\nFAIL: a figure changed' : '\nevery figure the same before and after the fold');
  process.exitCode = changed ? 1 : 0;
} finally {
  await bench.close();
}
