import { Worker } from 'node:worker_threads';
import { encryptForSubscription } from './encrypt';
import type { EncryptRequest, EncryptResponse } from './encryption-worker';

export interface EncryptJob {
  p256dh: string;
  auth: string;
  payload: Buffer;
}

/**
 * Per-recipient encryption on worker threads, so it runs on every core while the event loop keeps
 * the connections to the push services busy. With no threads it encrypts in the event loop.
 */
export class EncryptionPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<
    number,
    { worker: Worker; resolve: (bodies: (Uint8Array | null)[]) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private nextWorker = 0;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL('./encryption-worker.ts', import.meta.url));
      worker.on('message', ({ id, bodies }: EncryptResponse) => {
        this.waiting.get(id)?.resolve(bodies);
        this.waiting.delete(id);
      });
      // A thread that dies fails its chunks (their batch job is retried) and leaves the pool;
      // with none left, encryption goes on in the event loop.
      worker.on('exit', () => this.retire(worker, new Error('an encryption thread stopped')));
      worker.on('error', (error) => this.retire(worker, error));
      worker.unref();
      this.workers.push(worker);
    }
  }

  private retire(worker: Worker, error: Error) {
    const index = this.workers.indexOf(worker);
    if (index >= 0) this.workers.splice(index, 1);
    for (const [id, entry] of this.waiting) {
      if (entry.worker !== worker) continue;
      entry.reject(error);
      this.waiting.delete(id);
    }
  }

  /** Encrypt each message for its subscription; null where the subscription's keys are unusable. */
  encrypt(jobs: EncryptJob[]): Promise<(Buffer | null)[]> {
    if (this.workers.length === 0) {
      return Promise.resolve(
        jobs.map((job) => {
          try {
            return encryptForSubscription(job.p256dh, job.auth, job.payload);
          } catch {
            return null;
          }
        }),
      );
    }
    const id = this.nextId++;
    const worker = this.workers[this.nextWorker++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {
        worker,
        reject,
        resolve: (bodies) =>
          resolve(
            bodies.map((body) => (body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null)),
          ),
      });
      worker.postMessage({ id, jobs } satisfies EncryptRequest);
    });
  }

  async close() {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
