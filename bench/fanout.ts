/**
 * How fast one notification reaches every follower (issue 5): N subscriptions with real keys, a
 * local HTTPS push service in a process of its own (tests/support, fast mode), and from the same run:
 *   1. the crypto limit: RFC 8291's unavoidable per-message crypto alone, on every core;
 *   2. the baseline: the `web-push` library's sendNotification in a loop, 50 at a time;
 *   3. ours: send() through the real pipeline (database, pg-boss jobs, workers) until every
 *      delivery has its outcome;
 * with the peak memory of the process running the pipeline, CPU shares, and the ratios.
 *
 *   npm run bench:fanout -- [--subscribers N] [--workers K] [--json]
 *
 * PGlite in a temporary directory by default; with DATABASE_URL (a PostgreSQL server), a fresh
 * database on that server, dropped at the end. --workers K (PostgreSQL only) also starts K
 * `src/server/worker.ts` processes that share the batches.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PUSH_OPTIONS } from '../src/server/jobs/notification-delivery.queues';
import { ReceiptTokens } from '../src/server/push/receipts';
import { generateVapidKeys } from '../src/server/push/vapid';
import { pushMessageOf } from '../src/shared/push/payload';
import { runBaseline } from './fanout/baseline';
import { measureCryptoLimit } from './fanout/crypto-limit';
import { cpuMeter } from './fanout/measure';
import { runPipeline } from './fanout/pipeline';
import { startPushServiceProcess } from './fanout/push-service';
import { type FanoutReport, formatReport } from './fanout/report';
import { makeSubscribers, type Subscriber } from './fanout/subscribers';

const BASELINE_MAX = 20_000;
const CRYPTO_SECONDS = 3;
/** Targets of issue 5 on 2 cores. */
const TARGET_VS_BASELINE = 4;
const TARGET_VS_CRYPTO = 0.6;
/** A typical announcement; the message around it is the one the pipeline builds. */
const TEXT =
  'Lunch today: tomato soup and chicken schnitzel with potato salad. Show this message for 10% off until 14:00!';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
function count(name: string, fallback: number): number {
  const value = argument(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, not ${value}`);
    process.exit(2);
  }
  return n;
}

const subscribers = count('subscribers', 20_000);
const extraWorkers = count('workers', 0);
const json = process.argv.includes('--json');
const serverUrl = process.env.DATABASE_URL || undefined;
if (subscribers < 1) {
  console.error('--subscribers must be at least 1');
  process.exit(2);
}
if (extraWorkers > 0 && !serverUrl) {
  console.error('--workers needs DATABASE_URL (PostgreSQL): PGlite belongs to one process.');
  process.exit(2);
}
const log = (line: string) =>
  process.stderr.write(
    `${line} [RSS ${Math.round(process.memoryUsage().rss / 1048576)} MB, heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB]\n`,
  );

// A collection between phases, so what one phase left behind is not counted in the next one's peak.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Which pipeline is measured: the commit, and whether src/server differs from it. */
function pipelineVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain', '--', 'src/server') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src/server' : ''}`;
  } catch {
    return 'unknown';
  }
}
const version = pipelineVersion();

/** Other processes on the machine take cores from every phase: the 1-minute load average says how much. */
const loadAtStart = loadavg()[0]!;
const vapidKeys = generateVapidKeys();
const vapid = { ...vapidKeys, subject: 'mailto:bench@bench.test' };
const pushService = await startPushServiceProcess(vapid.publicKey);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-fanout-'));

let exitCode = 0;
try {
  // The message the pipeline sends, with a receipt token per recipient: the baseline sends the same bytes.
  const receipts = new ReceiptTokens(new TextEncoder().encode(randomUUID()));
  const notificationId = randomUUID();
  const message = JSON.stringify(
    pushMessageOf({
      id: notificationId,
      establishmentId: randomUUID(),
      establishmentName: 'Café Benchmark',
      text: TEXT,
      logo: null,
      media: null,
      createdAt: Date.now(),
    }),
  );
  const payloadFor = (s: Subscriber) =>
    Buffer.from(`${message.slice(0, -1)},"receipt":"${receipts.issue(notificationId, s.id)}"}`);

  log(`making ${Math.min(subscribers, BASELINE_MAX)} subscriptions for the baseline...`);
  let baselineSubscribers: Subscriber[] = makeSubscribers(Math.min(subscribers, BASELINE_MAX));
  const payloadBytes = payloadFor(baselineSubscribers[0]!).length;

  log(`crypto limit: ${availableParallelism()} threads for ${CRYPTO_SECONDS} s...`);
  const cryptoCpu = cpuMeter(pushService.pid);
  const crypto = await measureCryptoLimit(baselineSubscribers, payloadBytes, CRYPTO_SECONDS);
  const cryptoCpuSpan = cryptoCpu.stop();

  log(`baseline: web-push over ${baselineSubscribers.length} subscriptions...`);
  await pushService.resetStats();
  const baselineCpu = cpuMeter(pushService.pid);
  const baseline = await runBaseline({
    origin: pushService.origin,
    ca: pushService.ca,
    vapid,
    subscribers: baselineSubscribers,
    payloadFor,
    push: PUSH_OPTIONS,
  });
  const baselineCpuSpan = baselineCpu.stop();
  const baselineStats = await pushService.stats();
  baselineSubscribers = [];
  gc();

  const ours = await runPipeline({
    subscribers,
    serverUrl,
    dataDir,
    extraWorkers,
    pushService,
    vapid,
    text: TEXT,
    log,
  });

  const vsBaseline = ours.perSecond / baseline.perSecond;
  const vsCrypto = ours.perSecond / crypto.perSecond;
  const problems: string[] = [];
  if (ours.accepted !== subscribers) {
    problems.push(`the push service accepted ${ours.accepted} of ${subscribers} messages from the pipeline`);
  }
  if (ours.sent !== subscribers || ours.pending !== 0 || ours.status !== 'done') {
    problems.push(
      `the pipeline recorded sent ${ours.sent}, failed ${ours.failed}, gone ${ours.gone}, pending ${ours.pending}, status ${ours.status}`,
    );
  }
  if (baselineStats.accepted !== baseline.messages) {
    problems.push(
      `the push service accepted ${baselineStats.accepted} of ${baseline.messages} baseline messages`,
    );
  }
  if (problems.length > 0) exitCode = 1;

  const oursCpuPerDelivery = (ours.cpu.selfSeconds + ours.workerCpuSeconds) / Math.max(1, ours.sent);
  const result: FanoutReport = {
    version,
    subscribers,
    payloadBytes,
    cores: availableParallelism(),
    database: ours.database,
    extraWorkers,
    loadAverage: { start: loadAtStart, end: loadavg()[0]! },
    cryptoLimit: { ...crypto, cpu: cryptoCpuSpan },
    baseline: { ...baseline, pushServiceAccepted: baselineStats.accepted, cpu: baselineCpuSpan },
    ours,
    ratios: {
      oursVsBaseline: vsBaseline,
      oursVsCryptoLimit: vsCrypto,
      targetVsBaseline: TARGET_VS_BASELINE,
      targetVsCryptoLimit: TARGET_VS_CRYPTO,
      metVsBaseline: vsBaseline >= TARGET_VS_BASELINE,
      metVsCryptoLimit: vsCrypto >= TARGET_VS_CRYPTO,
      cpuOursVsBaseline: baselineCpuSpan.selfSeconds / Math.max(1, baseline.accepted) / oursCpuPerDelivery,
      cpuOursVsCryptoLimit: cryptoCpuSpan.selfSeconds / Math.max(1, crypto.messages) / oursCpuPerDelivery,
    },
    problems,
  };

  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else console.log(formatReport(result));
  for (const problem of problems) console.warn(`WARNING: ${problem}`);
} finally {
  await pushService.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
