import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ): 100 on Linux everywhere that matters. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; null off Linux or when it is gone. */
export function processCpuSeconds(pid: number): number | null {
  return cpuOf(`/proc/${pid}/stat`);
}

/** CPU seconds per thread of this process, by thread name (same names added up). */
export function threadCpuSeconds(): Map<string, number> {
  const threads = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const name = tid === String(process.pid) ? 'main' : threadName(tid);
    const seconds = cpuOf(`/proc/self/task/${tid}/stat`);
    if (seconds !== null) threads.set(name, (threads.get(name) ?? 0) + seconds);
  }
  return threads;
}

function threadName(tid: string): string {
  try {
    const comm = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
    // libuv's pool threads are "libuv-worker"; V8's are "V8 DefaultWorke"; keep one name per kind.
    return comm.replace(/\d+$/, '').trim() || 'thread';
  } catch {
    return 'thread';
  }
}

function cpuOf(statFile: string): number | null {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuSpan {
  /** Wall-clock seconds. */
  seconds: number;
  /** This process, all its threads, as % of one core. */
  self: number;
  /** This process's main (event loop) thread, % of one core. */
  mainThread: number;
  /** The push service process, % of one core; null when unknown. */
  pushService: number | null;
  /** CPU seconds used in the span: this process, the push service (0 when unknown). */
  selfSeconds: number;
  mainThreadSeconds: number;
  pushServiceSeconds: number;
}

/** Start measuring CPU of this process (and its main thread) and of another process; stop() gives the shares. */
export function cpuMeter(otherPid: number | undefined) {
  const started = performance.now();
  const self = process.cpuUsage();
  const main = threadCpuSeconds().get('main') ?? 0;
  const other = otherPid ? processCpuSeconds(otherPid) : null;
  return {
    stop(): CpuSpan {
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(self);
      const mainNow = threadCpuSeconds().get('main') ?? 0;
      const otherNow = otherPid ? processCpuSeconds(otherPid) : null;
      const pct = (cpu: number) => Math.round((cpu / seconds) * 100);
      const selfSeconds = (used.user + used.system) / 1e6;
      const pushServiceSeconds = other !== null && otherNow !== null ? otherNow - other : 0;
      return {
        selfSeconds,
        mainThreadSeconds: mainNow - main,
        pushServiceSeconds,
        seconds,
        self: pct(selfSeconds),
        mainThread: pct(mainNow - main),
        pushService: other !== null && otherNow !== null ? pct(pushServiceSeconds) : null,
      };
    },
  };
}

export interface MemoryPeak {
  /** MB at the start of the span. */
  rssStart: number;
  heapStart: number;
  /** MB, highest sample. */
  rss: number;
  heapUsed: number;
  /** ArrayBuffers and other memory outside the JS heap (PGlite's WebAssembly memory is here). */
  external: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Sample this process's memory every `intervalMs` until stop(); the peaks. */
export function memorySampler(intervalMs = 100) {
  const first = process.memoryUsage();
  const peak = { rss: first.rss, heapUsed: first.heapUsed, external: first.external };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): MemoryPeak {
      clearInterval(timer);
      sample();
      return {
        rssStart: mb(first.rss),
        heapStart: mb(first.heapUsed),
        rss: mb(peak.rss),
        heapUsed: mb(peak.heapUsed),
        external: mb(peak.external),
      };
    },
  };
}
