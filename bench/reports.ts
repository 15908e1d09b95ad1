/**
 * The reports at scale: a year of activity on PostgreSQL (1,000 businesses in 4 time zones,
 * one with 100,000 followers, 10,000,000 deliveries, 1,000,000 public page views), written in the
 * order production writes it so the triggers of migration 0009 build the rollups. Then:
 * - GET /api/reports/dashboard and /api/reports/funnel through the real app, signed in as an admin,
 *   for the big business and for the whole platform (p50/p95/max of N requests);
 * - every figure counted again straight from the raw tables, in the same definitions, timed too; the
 *   run exits 1 when any figure differs;
 * - what the triggers add to each event: receipts, follows and notifications with the trigger
 *   enabled and disabled, and receipts from 4 connections at once.
 *
 *   npm run bench:reports -- [--deliveries N] [--followers N] [--page-views N] [--runs R] [--keep]
 *
 * A fresh database on the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end unless --keep.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Dashboard, type Funnel, REPORT_PERIODS } from '../src/shared/schemas/report.schema';
import { VISIT_SOURCES } from '../src/shared/schemas/report-sources';
import { startAdminBenchApp } from './support/admin-app';
import {
  addDays,
  DASHBOARD_METRICS,
  type DayRange,
  dashboardPeriods,
  FUNNEL_METRICS,
  localToday,
  rawDashboardFigures,
  rawFunnel,
} from './support/reports-raw';
import { seedReports } from './support/reports-seed';
import { measureWriteCost } from './support/reports-write-cost';

const { values: args } = parseArgs({
  options: {
    establishments: { type: 'string', default: '1000' },
    followers: { type: 'string', default: '100000' },
    deliveries: { type: 'string', default: '10000000' },
    'page-views': { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '50' },
    'raw-runs': { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const RAW_RUNS = Number(args['raw-runs']);

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const benchStarted = performance.now();
const { app, ctx, authorization, close } = await startAdminBenchApp('reports');
const databaseUrl = ctx.config.databaseUrl!;
const platformZone = ctx.config.reports.timeZone;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await client.query(
  `SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '256MB'`,
);

console.log(`seeding ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
const seedingStarted = performance.now();
const seed = await seedReports(client, {
  establishments: Number(args.establishments),
  followers: Number(args.followers),
  otherFollowers: 20,
  otherNotifications: 20_000,
  deliveries: Number(args.deliveries),
  pageViews: Number(args['page-views']),
});
const seedingMs = performance.now() - seedingStarted;
console.log(`seeded in ${(seedingMs / 1000).toFixed(1)} s`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
};
const stats = (times: number[]) => ({
  p50: percentile(times, 0.5),
  p95: percentile(times, 0.95),
  max: Math.max(...times),
});
const fmt = (ms: number) => ms.toFixed(1);

async function timeApi<T>(url: string): Promise<{ times: number[]; body: T }> {
  const get = () => app.inject({ method: 'GET', url, headers: { authorization } });
  const warm = await get();
  if (warm.statusCode !== 200) throw new Error(`${url}: ${warm.statusCode} ${warm.body}`);
  const times: number[] = [];
  let body = warm.json<T>();
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const res = await get();
    times.push(performance.now() - started);
    body = res.json<T>();
  }
  return { times, body };
}

async function timeRaw<T>(work: () => Promise<T>): Promise<{ times: number[]; result: T }> {
  const times: number[] = [];
  let result: T | undefined;
  for (let run = 0; run < RAW_RUNS; run++) {
    const started = performance.now();
    result = await work();
    times.push(performance.now() - started);
  }
  return { times, result: result! };
}

type Row = [scope: string, period: string, metric: string, rollup: number | string, raw: number | string];
const rows: Row[] = [];
const timings: { what: string; api: number[]; raw: number[] }[] = [];

const scopes = [
  { label: 'big business', id: seed.bigId as string | null },
  { label: 'platform', id: null },
];
for (const scope of scopes) {
  const query = scope.id ? `establishmentId=${scope.id}` : '';
  const d = await localToday(client, scope.id, platformZone);
  const periods = dashboardPeriods(d);

  const dashboard = await timeApi<Dashboard>(`/api/reports/dashboard?${query}`);
  const ranges = REPORT_PERIODS.flatMap((p) => [periods[p].current, periods[p].previous]);
  const raw = await timeRaw(() => rawDashboardFigures(client, scope.id, ranges));
  timings.push({ what: `dashboard, ${scope.label}`, api: dashboard.times, raw: raw.times });
  rows.push([scope.label, '-', 'today (local date)', dashboard.body.scope.today, d]);
  REPORT_PERIODS.forEach((p, i) => {
    const period = dashboard.body.periods[p];
    const range = periods[p].current;
    rows.push([scope.label, p, 'from..to', `${period.from}..${period.to}`, `${range.from}..${range.to}`]);
    for (const m of DASHBOARD_METRICS)
      rows.push([scope.label, p, m, period.figures[m], raw.result[2 * i]![m]]);
    for (const m of DASHBOARD_METRICS) {
      rows.push([scope.label, `${p} (previous)`, m, period.previous[m], raw.result[2 * i + 1]![m]]);
    }
  });

  // The charts: the last 30 days, day by day.
  const days: DayRange[] = Array.from({ length: 30 }, (_, i) => ({
    from: addDays(d, i - 29),
    to: addDays(d, i - 29),
  }));
  const daily = await rawDashboardFigures(client, scope.id, days);
  const points = dashboard.body.series.points;
  rows.push([scope.label, 'series', 'points (days)', points.length, days.length]);
  let seriesEqual = 0;
  days.forEach((day, i) => {
    const point = points.find((p) => p.date === day.from);
    for (const m of DASHBOARD_METRICS) {
      if (point?.[m] === daily[i]![m]) seriesEqual++;
      else rows.push([scope.label, `series ${day.from}`, m, point?.[m] ?? 'missing', daily[i]![m]]);
    }
  });
  rows.push([scope.label, 'series', 'figures equal', seriesEqual, days.length * DASHBOARD_METRICS.length]);

  // The funnel: its default range (the last 30 days, timed), and the last year.
  for (const [name, range, extra] of [
    ['funnel 30 days', periods.last30Days.current, ''],
    ['funnel year', periods.lastYear.current, `&from=${periods.lastYear.current.from}&to=${d}`],
  ] as const) {
    const funnel = await timeApi<Funnel>(`/api/reports/funnel?${query}${extra}`);
    const rawF = await timeRaw(() => rawFunnel(client, scope.id, range));
    if (!extra) timings.push({ what: `funnel, ${scope.label}`, api: funnel.times, raw: rawF.times });
    rows.push([
      scope.label,
      name,
      'from..to',
      `${funnel.body.from}..${funnel.body.to}`,
      `${range.from}..${range.to}`,
    ]);
    for (const source of VISIT_SOURCES) {
      const steps = funnel.body.sources.find((s) => s.source === source);
      for (const m of FUNNEL_METRICS) {
        rows.push([
          scope.label,
          `${name} ${source}`,
          m,
          steps?.[m] ?? 'missing',
          rawF.result.bySource.get(source)![m],
        ]);
      }
    }
    for (const m of FUNNEL_METRICS)
      rows.push([scope.label, `${name} total`, m, funnel.body.total[m], rawF.result.total[m]]);
  }
}

const differing = rows.filter(([, , , rollup, raw]) => rollup !== raw);
console.log(
  `\nreports on PostgreSQL: ${Number(args.establishments).toLocaleString('en')} businesses, ${Number(args.followers).toLocaleString('en')} followers of the big one, ${seed.notifications.toLocaleString('en')} notifications, ${seed.deliveries.toLocaleString('en')} deliveries, ${Number(args['page-views']).toLocaleString('en')} page views; seeded in ${(seedingMs / 1000).toFixed(1)} s`,
);
for (const [label, ms] of seed.steps)
  console.log(`  ${label.padEnd(72)} ${(ms / 1000).toFixed(1).padStart(7)} s`);

console.log(
  `\n${'scope'.padEnd(13)} ${'period'.padEnd(28)} ${'metric'.padEnd(18)} ${'rollup'.padStart(22)} ${'raw'.padStart(22)}  equal`,
);
for (const [scope, period, metric, rollup, raw] of rows) {
  if (metric === 'from..to' && rollup === raw && period.startsWith('funnel')) continue;
  console.log(
    `${scope.padEnd(13)} ${period.padEnd(28)} ${metric.padEnd(18)} ${String(rollup).padStart(22)} ${String(raw).padStart(22)}  ${rollup === raw ? 'yes' : 'NO'}`,
  );
}

console.log(
  `\ntimes in ms: the API through the app (${RUNS} requests) and the raw counts (${RAW_RUNS} runs)`,
);
console.log(
  `${'request'.padEnd(24)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}   ${'raw p50'.padStart(8)} ${'raw p95'.padStart(8)}   raw/rollup (p95)`,
);
for (const t of timings) {
  const api = stats(t.api);
  const raw = stats(t.raw);
  console.log(
    `${t.what.padEnd(24)} ${fmt(api.p50).padStart(7)} ${fmt(api.p95).padStart(7)} ${fmt(api.max).padStart(7)}   ${fmt(raw.p50).padStart(8)} ${fmt(raw.p95).padStart(8)}   ${(raw.p95 / api.p95).toFixed(0).padStart(6)}x${api.p95 < 50 ? '' : '  (over the 50 ms target)'}`,
  );
}
console.log('(raw dashboard: the 4 periods and the periods before them, without the 30-day series)');

console.log(
  '\nwrite cost of the rollups (synchronous_commit off; same statements, trigger enabled / disabled)',
);
const cost = await measureWriteCost(databaseUrl, seed.bigId);
console.log(
  `${'event'.padEnd(44)} ${'n'.padStart(7)} ${'enabled µs'.padStart(11)} ${'disabled µs'.padStart(12)} ${'added µs'.padStart(9)}`,
);
for (const r of cost.results) {
  console.log(
    `${r.label.padEnd(44)} ${String(r.count).padStart(7)} ${r.enabledUs.toFixed(0).padStart(11)} ${r.disabledUs.toFixed(0).padStart(12)} ${(r.enabledUs - r.disabledUs).toFixed(0).padStart(9)}`,
  );
}
const c = cost.concurrent;
console.log(
  `receipts from ${c.connections} connections at once (shards ${c.shards.join(',')}), ${c.receipts} each way: ${c.enabledPerSecond.toFixed(0)}/s with the trigger, ${c.disabledPerSecond.toFixed(0)}/s without (${((c.enabledPerSecond / c.disabledPerSecond) * 100).toFixed(0)}%)`,
);

await client.end();
if (args.keep) {
  await app.close();
  console.log(`\nkept ${databaseUrl}`);
} else await close();
console.log(`\nwhole run ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
if (differing.length > 0) {
  console.log(`${differing.length} figures differ between the rollups and the raw tables`);
  process.exit(1);
}
console.log('every rollup figure equals its raw count');
