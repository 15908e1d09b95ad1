/**
 * How fast one notification reaches every follower: N subscriptions with real
 * keys, a local HTTPS push service in a process of its own (tests/support, fast mode), and from the
 * same run:
 *   0. the machine's crypto floor (openssl speed: a P-256 key pair and an ECDH) and our per-message
 *      encryption on one core as a multiple of it;
 *   1. the crypto limit: our per-message encryption alone, on every core;
 *   2. the baseline: the `web-push` library's sendNotification in a loop, 50 at a time;
 *   3. ours: send() through the real pipeline (database, pg-boss jobs, workers) until every
 *      delivery has its outcome;
 * with the peak memory of the process running the pipeline, CPU shares, the ratios, and PASS or
 * FAIL per target (TARGETS).
 *
 *   npm run bench:fanout -- [--subscribers N] [--workers K] [--keep-seed] [--json]
 *
 * PGlite in a temporary directory by default; with DATABASE_URL (a PostgreSQL server), a fresh
 * database on that server, dropped at the end. --workers K (PostgreSQL only) also starts K
 * `src/server/worker.ts` processes that share the batches. --keep-seed (PostgreSQL only) keeps the
 * seeded audience as a template database, `bench_fanout_seed_<N>`, copied by later runs of that size
 * (drop it by hand when done).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PUSH_OPTIONS } from '../src/server/delivery';
import { ReceiptTokens } from '../src/server/push/receipts';
import { generateVapidKeys } from '../src/server/push/vapid';
import { pushMessageOf } from '../src/shared/push/payload';
import { runBaseline } from './fanout/baseline';
import { measureCryptoFloor } from './fanout/crypto-floor';
import { measureCryptoLimit } from './fanout/crypto-limit';
import { cpuMeter } from './fanout/measure';
import { runPipeline } from './fanout/pipeline';
import { startPushServiceProcess } from './fanout/push-service';
import { type FanoutReport, formatReport } from './fanout/report';
import { makeSubscribers, type Subscriber } from './fanout/subscribers';

const BASELINE_MAX = 20_000;
const CRYPTO_SECONDS = 3;
/** Targets (on 2 cores): */
const TARGETS = {
  /** ours / the web-push baseline of the same run, deliveries per second. */
  vsBaseline: 5,
  /** Sender CPU (this process and any extra workers) per delivery, µs. */
  cpuPerDeliveryMicros: 250,
  /** From send() to the push service's first accepted message, s. */
  firstDeliverySeconds: 0.5,
  /** Our per-message encryption as a multiple of the machine's floor (openssl speed). */
  cryptoVsFloor: 2,
  /**
   * Memory flat from 20,000 to 100,000 subscribers: what the send adds to this process's RSS (peak
   * minus RSS at send()) at the larger audience exceeds that at the smaller one by at most this, MB.
   * Compared with the last run of the other size on the same database (recorded in MEMORY_RECORD).
   */
  memoryFlatMb: 50,
};
/** Each run's memory growth by database and audience size, so a run can compare with the other size. */
const MEMORY_RECORD = path.join(tmpdir(), 'bench-fanout-memory.json');
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
const keepSeed = process.argv.includes('--keep-seed');
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

  log('crypto floor: openssl speed, and our encryption per message on one core...');
  const floor = await measureCryptoFloor(baselineSubscribers, payloadBytes);

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
    keepSeed,
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
  const memoryGrowthMb = Math.round(ours.memory.rss - ours.memory.rssStart);
  const recordKey = `${ours.database}+${extraWorkers}`;
  const record = JSON.parse(await readFile(MEMORY_RECORD, 'utf8').catch(() => '{}')) as Record<
    string,
    Record<string, number>
  >;
  const sizes: Record<string, number> = { ...record[recordKey], [subscribers]: memoryGrowthMb };
  await writeFile(MEMORY_RECORD, JSON.stringify({ ...record, [recordKey]: sizes })).catch(() => {});
  // The run of the size furthest from this one, if any: flat means the larger adds no more than the smaller.
  const other = Object.keys(sizes)
    .map(Number)
    .filter((n) => n !== subscribers)
    .sort((a, b) => Math.abs(b - subscribers) - Math.abs(a - subscribers))[0];
  const [small, large] =
    other === undefined
      ? [undefined, undefined]
      : other < subscribers
        ? [other, subscribers]
        : [subscribers, other];
  const targets: FanoutReport['targets'] = [
    {
      name: 'ours / baseline (deliveries/s)',
      value: `${vsBaseline.toFixed(2)}x`,
      target: `>= ${TARGETS.vsBaseline}x`,
      met: vsBaseline >= TARGETS.vsBaseline,
    },
    {
      name: 'sender CPU per delivery',
      value: `${Math.round(oursCpuPerDelivery * 1e6)} µs`,
      target: `<= ${TARGETS.cpuPerDeliveryMicros} µs`,
      met: oursCpuPerDelivery * 1e6 <= TARGETS.cpuPerDeliveryMicros,
    },
    {
      name: 'first delivery after send()',
      value: ours.firstDeliveryAfterMs === null ? '?' : `${(ours.firstDeliveryAfterMs / 1000).toFixed(2)} s`,
      target: `< ${TARGETS.firstDeliverySeconds} s`,
      met:
        ours.firstDeliveryAfterMs !== null && ours.firstDeliveryAfterMs < TARGETS.firstDeliverySeconds * 1000,
    },
    {
      name: 'our crypto per message / floor',
      value: `${floor.multiple.toFixed(2)}x`,
      target: `<= ${TARGETS.cryptoVsFloor}x`,
      met: floor.multiple <= TARGETS.cryptoVsFloor,
    },
    small === undefined || large === undefined
      ? {
          name: 'memory the send adds (RSS peak - RSS at send())',
          value: `${memoryGrowthMb} MB at ${subscribers}`,
          target: 'flat: run the other size to compare',
          met: false,
        }
      : {
          name: 'memory the send adds (RSS peak - RSS at send())',
          value: `${sizes[large]} MB at ${large}, ${sizes[small]} MB at ${small}`,
          target: `<= ${TARGETS.memoryFlatMb} MB more`,
          met: sizes[large]! - sizes[small]! <= TARGETS.memoryFlatMb,
        },
  ];
  const result: FanoutReport = {
    version,
    subscribers,
    payloadBytes,
    cores: availableParallelism(),
    database: ours.database,
    extraWorkers,
    loadAverage: { start: loadAtStart, end: loadavg()[0]! },
    cryptoFloor: floor,
    cryptoLimit: { ...crypto, cpu: cryptoCpuSpan },
    baseline: { ...baseline, pushServiceAccepted: baselineStats.accepted, cpu: baselineCpuSpan },
    ours,
    ratios: {
      oursVsBaseline: vsBaseline,
      oursVsCryptoLimit: vsCrypto,
      cpuOursVsBaseline: baselineCpuSpan.selfSeconds / Math.max(1, baseline.accepted) / oursCpuPerDelivery,
      cpuOursVsCryptoLimit: cryptoCpuSpan.selfSeconds / Math.max(1, crypto.messages) / oursCpuPerDelivery,
    },
    vsBaselineTarget: TARGETS.vsBaseline,
    targets,
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
