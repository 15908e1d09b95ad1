/**
 * Work someone is waiting on by the second (a send being stored: the bar owner watching their phone
 * ring) goes before work nobody watches by the second (a big send's later batches). A big send keeps
 * this process's event loop and both cores busy with its requests and their answers; twenty bars
 * sending at 17:00 beside it waited behind them, statement by statement. While urgent work runs,
 * a big send's batches start no new chunk of requests and its walk reads no new page of its
 * audience (docs/decisions.md, "Urgent work first").
 *
 * One per process: what it shares out is the process's event loop and its connections.
 */
export class UrgentWork {
  #running = 0;
  #waiting = new Set<() => void>();

  /** Run `work` as urgent: bulk work yields to it until it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      if (this.#running === 0) this.#releaseAll();
    }
  }

  /**
   * For bulk work, between two steps: resolves at once when nothing urgent runs, else once it has
   * all ended or after `maxWaitMs`, so a steady stream of small sends slows a big one but never
   * stops it.
   */
  yieldTo(maxWaitMs: number): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.#waiting.delete(release);
        resolve();
      };
      const timer = setTimeout(release, maxWaitMs);
      this.#waiting.add(release);
    });
  }

  #releaseAll() {
    for (const release of [...this.#waiting]) release();
  }
}

/** This process's. */
export const urgentWork = new UrgentWork();

/**
 * How long bulk work waits at most, between two steps, for urgent work to end: about what storing
 * a send takes on a busy 2-core machine, with room to spare.
 */
const MAKE_WAY_AT_MOST_MS = 500;

/** For a big send's later batches and pages, between two steps. */
export const makeWayForUrgentWork = () => urgentWork.yieldTo(MAKE_WAY_AT_MOST_MS);
