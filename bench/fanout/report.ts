import type { BaselineResult } from './baseline';
import type { CryptoFloor } from './crypto-floor';
import type { CryptoLimit } from './crypto-limit';
import type { CpuSpan } from './measure';
import type { PipelineResult } from './pipeline';

export interface FanoutReport {
  /** The commit measured, and whether src/server had uncommitted changes. */
  version: string;
  subscribers: number;
  payloadBytes: number;
  cores: number;
  database: 'pglite' | 'postgres';
  extraWorkers: number;
  loadAverage: { start: number; end: number };
  cryptoFloor: CryptoFloor;
  cryptoLimit: CryptoLimit & { cpu: CpuSpan };
  baseline: BaselineResult & { pushServiceAccepted: number; cpu: CpuSpan };
  ours: PipelineResult;
  ratios: {
    oursVsBaseline: number;
    oursVsCryptoLimit: number;
    /** The same ratios from CPU time per delivery instead of wall-clock rates: steadier on a busy machine. */
    cpuOursVsBaseline: number;
    cpuOursVsCryptoLimit: number;
  };
  /** The ratio to the baseline TARGETS.vsBaseline asks for: the machine's ceiling is set against it. */
  vsBaselineTarget: number;
  /** The targets: each measured value, the target and whether it is met. */
  targets: { name: string; value: string; target: string; met: boolean }[];
  problems: string[];
}

/** Left-align the first column, right-align the others. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map(
    (row) =>
      `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')}`,
  );
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number | null) => (n === null ? '?' : `${n}%`);
const sec = (ms: number | null) => (ms === null ? '?' : `${(ms / 1000).toFixed(2)} s`);
const micro = (seconds: number, count: number) => (count > 0 ? int((seconds / count) * 1e6) : '?');

/**
 * The sender, the database and the push service all run on this machine's cores: what one delivery
 * costs them together bounds our rate here, whatever the pipeline does, and says what the ratio
 * target asks of that cost.
 */
function machineCeiling(r: FanoutReport, senderSeconds: number): string[] {
  const { ours: o, baseline: b } = r;
  if (o.sent === 0) return [];
  const total = (senderSeconds + (o.databaseCpuSeconds ?? 0) + o.cpu.pushServiceSeconds) / o.sent;
  const ceiling = r.cores / total;
  const needed = r.cores / (r.vsBaselineTarget * b.perSecond);
  return [
    `  one delivery on this machine, all processes: ${int(total * 1e6)} µs of CPU (sender, ${o.databaseCpuSeconds === null ? 'its database inside' : 'PostgreSQL'}, push service),`,
    `                  so at most ${int(ceiling)}/s on ${r.cores} cores = ${(ceiling / b.perSecond).toFixed(2)}x the baseline; ${r.vsBaselineTarget}x would need ${int(needed * 1e6)} µs in all`,
  ];
}

export function formatReport(r: FanoutReport): string {
  const { cryptoFloor: f, cryptoLimit: c, baseline: b, ours: o } = r;
  const db =
    r.database === 'pglite'
      ? 'PGlite'
      : `PostgreSQL${r.extraWorkers ? ` + ${r.extraWorkers} worker process(es)` : ''}`;
  const oursSenderSeconds = o.cpu.selfSeconds + o.workerCpuSeconds;
  const rows = [
    [
      '',
      'deliveries/s',
      'time',
      'CPU: bench',
      'main thread',
      'push service',
      'CPU µs/delivery: sender',
      'push service',
    ],
    [
      `crypto limit (${c.threads} threads, our encryption alone)`,
      int(c.perSecond),
      `${c.seconds.toFixed(1)} s`,
      pct(c.cpu.self),
      pct(c.cpu.mainThread),
      pct(c.cpu.pushService),
      micro(c.cpu.selfSeconds, c.messages),
      '-',
    ],
    [
      'baseline (web-push, 50 at a time)',
      int(b.perSecond),
      `${b.seconds.toFixed(1)} s`,
      pct(b.cpu.self),
      pct(b.cpu.mainThread),
      pct(b.cpu.pushService),
      micro(b.cpu.selfSeconds, b.accepted),
      micro(b.cpu.pushServiceSeconds, b.accepted),
    ],
    [
      'ours (send() -> every outcome recorded)',
      int(o.perSecond),
      `${o.seconds.toFixed(1)} s`,
      pct(o.cpu.self),
      pct(o.cpu.mainThread),
      pct(o.cpu.pushService),
      micro(oursSenderSeconds, o.sent),
      micro(o.cpu.pushServiceSeconds, o.sent),
    ],
  ];
  const us = (n: number) => `${n.toFixed(1)} µs`;
  return [
    '',
    `Fan-out of one notification: ${int(r.subscribers)} subscriptions, ${r.payloadBytes}-byte message, ${r.cores} cores, ${db}`,
    `Pipeline: ${r.version}`,
    `Load average (1 min): ${r.loadAverage.start.toFixed(2)} at start, ${r.loadAverage.end.toFixed(2)} at the end (other processes take cores from every phase when it is above ~${r.cores})`,
    '',
    `  crypto floor (${f.source}, one core): P-256 ECDH ${us(f.ecdhMicros)} + key pair ${us(f.keygenMicros)} (ECDSA sign stands in) = ${us(f.floorMicros)} a message, ${int(1e6 / f.floorMicros)}/s`,
    `  Node's fastest primitives for the same (generateKeyPairSync + diffieHellman, peer key built): ${us(f.nodePrimitivesMicros)}`,
    `  our encryption per message (push/encrypt.ts, one core): ${us(f.oursMicros)} = ${f.multiple.toFixed(2)}x the floor`,
    '',
    ...table(rows),
    ...(o.workerCpu.length
      ? [`  extra worker processes' CPU while sending: ${o.workerCpu.map((cpu) => `${cpu}%`).join(', ')}`]
      : []),
    `  baseline: ${int(b.accepted)} of ${int(b.messages)} accepted (push service counted ${int(b.pushServiceAccepted)})`,
    `  crypto limit from its CPU time, were all ${c.threads} cores free: ${int((c.threads * c.messages) / Math.max(c.cpu.selfSeconds, 1e-9))}/s`,
    `  ours, main thread: ${micro(o.cpu.mainThreadSeconds, o.sent)} µs per delivery, so at most ${int(o.sent / Math.max(o.cpu.mainThreadSeconds, 1e-9))}/s from this process's event loop`,
    ...(o.databaseCpuSeconds !== null
      ? [
          `  PostgreSQL backends of this run: ${micro(o.databaseCpuSeconds, o.sent)} µs CPU per delivery, so about ${int(o.sent / Math.max(o.databaseCpuSeconds, 1e-9))}/s per PostgreSQL core`,
        ]
      : []),
    `  sender CPU per delivery: ${micro(oursSenderSeconds, o.sent)} µs, so about ${int(o.sent / Math.max(oursSenderSeconds, 1e-9))}/s per sender core`,
    ...machineCeiling(r, oursSenderSeconds),
    '',
    `  ours, timeline: send() returned ${sec(o.acceptedAfterMs)}, audience read and every batch queued ${sec(o.batchesDoneAfterMs)},`,
    `                  first delivery ${sec(o.firstDeliveryAfterMs)}, last delivery ${sec(o.lastDeliveryAfterMs)}, done ${sec(o.seconds * 1000)}`,
    `  ours, outcomes: sent ${int(o.sent)}, failed ${o.failed}, gone ${o.gone}, pending ${o.pending}, status ${o.status}; push service accepted ${int(o.accepted)}, refused ${o.refused}`,
    `  peak memory while sending (this process, sampled every 100 ms): RSS ${o.memory.rss} MB (${o.memory.rssStart} MB at send()),`,
    `                  JS heap ${o.memory.heapUsed} MB (${o.memory.heapStart} MB at send()), outside the heap ${o.memory.external} MB${r.database === 'pglite' ? " (PGlite's memory is there)" : ''}`,
    `  seeding ${int(r.subscribers)} users, memberships and subscriptions: ${o.seedSeconds.toFixed(1)} s, peak RSS ${o.seedMemory.rss} MB`,
    '',
    `  ours / crypto limit ${(r.ratios.oursVsCryptoLimit * 100).toFixed(0)}%; by CPU per delivery: ours / baseline ${r.ratios.cpuOursVsBaseline.toFixed(2)}x, ours / crypto limit ${(r.ratios.cpuOursVsCryptoLimit * 100).toFixed(0)}% (sender CPU only; steadier than wall-clock on a busy machine)`,
    '',
    `  Targets, load average ${r.loadAverage.start.toFixed(2)} -> ${r.loadAverage.end.toFixed(2)}:`,
    ...table([
      ['', 'measured', 'target', ''],
      ...r.targets.map((t) => [t.name, t.value, t.target, t.met ? 'PASS' : 'FAIL']),
    ]),
    '',
    '  CPU: % of one core over the phase. The bench process runs the pipeline and, on PGlite, its database;',
    '  "sender" is the bench process plus any extra worker processes.',
  ].join('\n');
}
