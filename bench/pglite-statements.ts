/**
 * What named statements save on the embedded database (src/server/db/pglite-statements.ts): the real
 * app on PGlite in memory, an admin signed in, answering signed-in GET requests through
 * `app.inject` (no sockets: the app's and the database's CPU only), in alternating rounds with the
 * PGlite client's repeated statements named (as it runs) and unnamed (PGlite's own `query()`, every
 * statement parsed and planned at each call). Prints the CPU per request of each, per route, and the
 * ratio unnamed / named.
 *
 *   npm run bench:pglite-statements -- [--requests 400] [--rounds 4] [--json]
 */
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { nameRepeatedStatements } from '../src/server/db/pglite-statements';
import { startAdminBenchApp } from './support/admin-app';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '4' },
    json: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);
if (!Number.isInteger(requests) || requests < 10 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('--requests must be a whole number of at least 10, --rounds at least 1');
  process.exit(2);
}

const ROUTES = [
  '/api/account/me',
  '/api/management/users',
  '/api/establishments',
  '/api/management/audit-log',
];

const bench = await startAdminBenchApp('pglite-statements');
if (bench.database !== 'PGlite') {
  console.error('bench:pglite-statements measures the embedded database: run it without DATABASE_URL');
  process.exit(2);
}
const client = (bench.ctx.db as unknown as { $client: PGlite }).$client;

/** Named (as the app runs) or unnamed: PGlite's own methods, from its prototype. */
function switchNaming(named: boolean) {
  const own = client as unknown as Record<string, unknown>;
  delete own.query;
  delete own.transaction;
  if (named) nameRepeatedStatements(client);
}

/** CPU µs per request over `requests` requests to `url`; every answer must be a 200. */
async function cpuPerRequest(url: string): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const response = await bench.app.inject({
      method: 'GET',
      url,
      headers: { authorization: bench.authorization },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / requests;
}

const samples = new Map<string, { named: number[]; unnamed: number[] }>(
  ROUTES.map((route) => [route, { named: [], unnamed: [] }]),
);
try {
  for (let round = 0; round < rounds; round++) {
    // Alternating which goes first, so neither always meets a warmer process.
    for (const named of round % 2 === 0 ? [false, true] : [true, false]) {
      switchNaming(named);
      for (const route of ROUTES) {
        await cpuPerRequest(route); // warm-up: statements named, code compiled
        samples.get(route)![named ? 'named' : 'unnamed'].push(await cpuPerRequest(route));
      }
    }
  }
} finally {
  switchNaming(true);
  await bench.close();
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const results = ROUTES.map((route) => {
  const { named, unnamed } = samples.get(route)!;
  return {
    route,
    unnamedMicros: median(unnamed),
    namedMicros: median(named),
    ratio: median(unnamed) / median(named),
  };
});
if (values.json) {
  console.log(JSON.stringify({ requests, rounds, results }, null, 2));
} else {
  console.log(
    `PGlite, ${requests} requests a route a round, ${rounds} rounds; CPU per request (median of rounds)`,
  );
  console.log('route                                      unnamed µs   named µs   unnamed / named');
  for (const row of results)
    console.log(
      `${row.route.padEnd(42)} ${row.unnamedMicros.toFixed(0).padStart(10)} ${row.namedMicros.toFixed(0).padStart(10)} ${row.ratio.toFixed(2).padStart(17)}x`,
    );
}
