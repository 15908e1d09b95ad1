/**
 * How fast the admin's people list answers at 100,000 customers. Starts the real app,
 * writes N customers with accented Slovak and Hungarian names (a tenth following one business),
 * then times GET /api/management/users for a first page, a page 100 pages deep by cursor, an
 * accent-free search, sorting by name and the filters. The baseline, in the same run and database,
 * is the list as it was before: ILIKE over the raw columns, OFFSET paging and a count.
 *
 *   npm run bench:people-list -- [--customers N] [--runs R]
 *
 * PGlite in memory by default; with DATABASE_URL (a PostgreSQL server), a fresh database on that
 * server, dropped at the end.
 */
import { parseArgs } from 'node:util';
import type { UserList } from '../src/shared/schemas/user-management.schema';
import { startAdminBenchApp } from './support/admin-app';

const { values: args } = parseArgs({
  options: { customers: { type: 'string', default: '100000' }, runs: { type: 'string', default: '15' } },
});
const CUSTOMERS = Number(args.customers);
const RUNS = Number(args.runs);
const PAGE = 25;

const { app, ctx, sql, authorization, close } = await startAdminBenchApp('people');
const venue = await app.inject({
  method: 'POST',
  url: '/api/establishments',
  headers: { authorization },
  payload: {
    name: 'Kaviareň Benchmark',
    email: 'cafe@bench.test',
    phone: '+421 900 000 000',
    address1: 'Hlavná 1',
    city: 'Košice',
    state: 'KE',
    zip: '04001',
    country: 'Slovakia',
    businessId: '1',
    taxId: '2',
    vatNumber: '3',
  },
});
const establishmentId = venue.json<{ establishment: { id: string } }>().establishment.id;

const seeding = performance.now();
// One statement on the server: names from accented lists, a spread of creation dates.
await sql.executeSql(
  `INSERT INTO users (email, password_hash, first_name, last_name, phone, role, email_verified, created_at)
   SELECT 'customer' || g || '@bench.test', 'x',
          (ARRAY['Zlatý','Ľubomír','Anna','Jozef','Mária','Šimon','Žofia','Péter','Éva','Tomáš'])[1 + g % 10],
          (ARRAY['Novák','Kováč','Horváth','Varga','Tóth','Nagy','Baláž','Molnár','Szabó','Košický'])[1 + (g / 10) % 10]
            || ' ' || g,
          '+421 9' || lpad((g % 100000000)::text, 8, '0'), 'customer', g % 3 <> 0,
          now() - (g % 1000) * interval '1 day' - g * interval '1 second'
   FROM generate_series(1, $1::int) AS g`,
  [CUSTOMERS],
);
await sql.executeSql(
  `INSERT INTO memberships (user_id, establishment_id, kind)
   SELECT id, $1, 'customer' FROM users WHERE email LIKE 'customer%' AND right(split_part(email, '@', 1), 1) = '7'`,
  [establishmentId],
);
await sql.executeSql('ANALYZE users', []);
await sql.executeSql('ANALYZE memberships', []);
const seededMs = performance.now() - seeding;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeApi(query: string): Promise<{ ms: number; page: UserList }> {
  const times: number[] = [];
  let page: UserList | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/management/users?${query}`,
      headers: { authorization },
    });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    page = res.json<UserList>();
  }
  return { ms: median(times), page: page! };
}

async function timeSql(text: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await sql.executeSql(text, params);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The baseline: ILIKE on each column (accents matter), newest first, OFFSET and a count. */
async function before(search: string | null, offset: number): Promise<number> {
  const where = search ? 'WHERE email ILIKE $1 OR first_name ILIKE $1 OR last_name ILIKE $1' : '';
  const params = search ? [`%${search}%`] : [];
  const page = `SELECT * FROM users ${where} ORDER BY created_at DESC, id DESC LIMIT ${PAGE} OFFSET ${offset}`;
  return (await timeSql(page, params)) + (await timeSql(`SELECT count(*) FROM users ${where}`, params));
}

// 100 pages deep by cursor: follow the cursors once, then time the 100th page.
let cursor: string | null = null;
for (let page = 1; page < 100; page++) {
  const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  const res: { json<T>(): T } = await app.inject({
    method: 'GET',
    url: `/api/management/users?limit=${PAGE}${after}`,
    headers: { authorization },
  });
  cursor = res.json<UserList>().nextCursor;
}

const rows: [string, number, number | null][] = [];
const first = await timeApi(`limit=${PAGE}`);
rows.push(['first page, newest first', first.ms, await before(null, 0)]);
const deep = await timeApi(`limit=${PAGE}&cursor=${encodeURIComponent(cursor!)}`);
rows.push(['page 100 (rows 2,476-2,500)', deep.ms, await before(null, 99 * PAGE)]);
const search = await timeApi(`limit=${PAGE}&search=kosicky`);
rows.push([`search "kosicky" (${search.page.total} match)`, search.ms, await before('kosicky', 0)]);
const twoWords = await timeApi(`limit=${PAGE}&search=zlaty%20kovac`);
rows.push([`search "zlaty kovac" (${twoWords.page.total} match)`, twoWords.ms, null]);
const byName = await timeApi(`limit=${PAGE}&sort=name`);
rows.push(['sorted by name', byName.ms, null]);
const followers = await timeApi(`limit=${PAGE}&establishmentId=${establishmentId}`);
rows.push([`following one business (${followers.page.total})`, followers.ms, null]);
const filtered = await timeApi(`limit=${PAGE}&role=customer&verified=false&createdFrom=2026-01-01`);
rows.push([`unverified customers since a date (${filtered.page.total})`, filtered.ms, null]);

console.log(
  `people list, ${CUSTOMERS.toLocaleString('en')} customers on ${ctx.database.kind} (seeded in ${(seededMs / 1000).toFixed(1)} s), median of ${RUNS} requests`,
);
console.log('query'.padEnd(48), 'now ms'.padStart(8), 'before ms'.padStart(10), 'ratio'.padStart(7));
for (const [label, ms, baseline] of rows) {
  console.log(
    label.padEnd(48),
    ms.toFixed(1).padStart(8),
    (baseline === null ? '-' : baseline.toFixed(1)).padStart(10),
    (baseline === null ? '' : (ms / baseline).toFixed(2)).padStart(7),
  );
}
console.log(
  '(now: the whole request through the app; before: only the SQL of the former list, ILIKE on raw columns, OFFSET paging and its count; it could not find "Košický" for "kosicky")',
);

await close();
