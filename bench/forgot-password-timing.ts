/**
 * Does POST /api/account/forgot-password take the same time whether or not the address has an
 * account? The real app (PGlite in a temporary directory, job workers on,
 * a local SMTP sink receiving the reset emails) answers N requests for addresses that have an
 * account and N for addresses that do not, interleaved and spaced so that the email job one request
 * starts has finished before the next request; it prints the median and p90 of each and the ratio
 * existing / missing (1.00 = indistinguishable): a request that looked the account up and queued a
 * job only when there was one would show in the ratio.
 *
 *   npm run bench:forgot-password -- [--requests N] [--json]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { UNUSABLE_PASSWORD } from '../src/server/modules/account/account.service';
import { insertUser } from '../src/server/modules/account/users.repo';
import { startSmtpSink } from '../tests/support/smtp-sink';

const WARMUP = 10;
/** Pause between requests: the reset email job of an existing account (a token, one SMTP exchange) ends meanwhile. */
const SPACING_MS = 40;

function requestsArgument(): number {
  const index = process.argv.indexOf('--requests');
  if (index < 0) return 30;
  const n = Number(process.argv[index + 1]);
  if (!Number.isInteger(n) || n < 5) {
    console.error('--requests must be a whole number of at least 5');
    process.exit(2);
  }
  return n;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const requests = requestsArgument();
const json = process.argv.includes('--json');
const mail = await startSmtpSink();
const dataDir = await mkdtemp(path.join(tmpdir(), 'broadcast-bench-forgot-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://bench.test',
  SMTP_URL: mail.url,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  // The per-email and per-IP limits would answer 429 long before the end of the run.
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
});
const { app, ctx } = await buildApp(config);

try {
  // One account per existing-address request, so the hourly email cap never stops a job early.
  const total = WARMUP + requests;
  const existing: string[] = [];
  for (let i = 0; i < total; i++) {
    const email = `bench-${i}-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(ctx.db, {
      email,
      passwordHash: UNUSABLE_PASSWORD,
      firstName: 'Bench',
      lastName: String(i),
      role: 'customer',
    });
    existing.push(email);
  }
  const missing = Array.from(
    { length: total },
    (_, i) => `nobody-${i}-${randomUUID().slice(0, 8)}@example.test`,
  );

  const time = async (email: string) => {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`forgot-password answered ${res.statusCode}: ${res.body}`);
    await sleep(SPACING_MS);
    return ms;
  };
  const times = { existing: [] as number[], missing: [] as number[] };
  for (let i = 0; i < total; i++) {
    // Alternate which goes first, so neither side always follows the other's background work.
    const order = i % 2 === 0 ? (['existing', 'missing'] as const) : (['missing', 'existing'] as const);
    for (const kind of order) {
      const ms = await time(kind === 'existing' ? existing[i]! : missing[i]!);
      if (i >= WARMUP) times[kind].push(ms);
    }
  }
  // Every account got its email: the work did happen, only later and off the request path.
  const deadline = Date.now() + 120_000;
  while (mail.received.length < total && Date.now() < deadline) await sleep(200);

  const report = {
    requests,
    existingMedianMs: quantile(times.existing, 0.5),
    missingMedianMs: quantile(times.missing, 0.5),
    existingP90Ms: quantile(times.existing, 0.9),
    missingP90Ms: quantile(times.missing, 0.9),
    ratio: quantile(times.existing, 0.5) / quantile(times.missing, 0.5),
    resetEmailsSent: mail.received.length,
    resetEmailsExpected: total,
  };
  if (json) console.log(JSON.stringify(report));
  else {
    const f = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(`forgot-password, ${requests} requests each way (after ${WARMUP} warm-up), interleaved:`);
    console.log(`  existing account  median ${f(report.existingMedianMs)}  p90 ${f(report.existingP90Ms)}`);
    console.log(`  no account        median ${f(report.missingMedianMs)}  p90 ${f(report.missingP90Ms)}`);
    console.log(
      `  ratio existing / missing (medians): ${report.ratio.toFixed(2)}  (before the change: 1.95)`,
    );
    console.log(`  reset emails delivered: ${report.resetEmailsSent} of ${report.resetEmailsExpected}`);
  }
  if (report.resetEmailsSent !== report.resetEmailsExpected) process.exitCode = 1;
} finally {
  await app.close();
  await mail.close();
  await rm(dataDir, { recursive: true, force: true });
}
