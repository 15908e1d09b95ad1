import { Worker } from 'node:worker_threads';
import { encryptForSubscription } from './encrypt';
import { encryptWithReceipts, type ReceiptChunk } from './encrypt-chunk';
import type {
  EncryptionWorkerData,
  EncryptRequest,
  EncryptResponse,
  ReceiptEncryptRequest,
  ReceiptEncryptResponse,
  WorkerReady,
} from './encryption-worker';
import { ReceiptTokens } from './receipts';

export interface EncryptJob {
  p256dh: string;
  auth: string;
  payload: Buffer;
}

type Response = EncryptResponse | ReceiptEncryptResponse;

/** The bodies of a transferred chunk as views of its one buffer; null where the keys were unusable. */
function bodiesOf({ buffer, lengths }: { buffer: ArrayBuffer | Buffer; lengths: Int32Array }) {
  const bytes = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer);
  const bodies: (Buffer | null)[] = new Array(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (length < 0) {
      bodies[i] = null;
      continue;
    }
    bodies[i] = bytes.subarray(at, at + length);
    at += length;
  }
  return bodies;
}

/**
 * Per-recipient encryption on worker threads, so it runs on every core while the event loop keeps
 * the connections to the push services busy. With no threads it encrypts in the event loop.
 *
 * The threads start at the first encryption, not with the process: a process that never sends
 * keeps none, and each costs ~0.1 s of CPU to start. Until one has loaded, chunks are encrypted in
 * the event loop, so the first send does not wait for a thread.
 */
export class EncryptionPool {
  /** Threads that have loaded and take work. */
  private readonly workers: Worker[] = [];
  /** Every thread started and not yet stopped, loaded or not. */
  private readonly started = new Set<Worker>();
  private threadsStarted = false;
  private closed = false;
  private readonly waiting = new Map<
    number,
    { worker: Worker; resolve: (response: Response) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private nextWorker = 0;
  private readonly receipts: ReceiptTokens | undefined;

  /** `receiptSecret`: what ReceiptTokens derives its key from, for encryptWithReceipts. */
  constructor(
    private readonly threads: number,
    private readonly receiptSecret?: Uint8Array,
  ) {
    this.receipts = receiptSecret ? new ReceiptTokens(receiptSecret) : undefined;
  }

  /** Threads loaded and taking work (0 before the first encryption). */
  get threadsReady(): number {
    return this.workers.length;
  }

  private startThreads() {
    if (this.threadsStarted || this.closed) return;
    this.threadsStarted = true;
    for (let i = 0; i < this.threads; i++) {
      const worker = new Worker(new URL('./encryption-worker.ts', import.meta.url), {
        workerData: { receiptSecret: this.receiptSecret } satisfies EncryptionWorkerData,
      });
      worker.on('message', (message: Response | WorkerReady) => {
        if ('ready' in message) {
          if (this.started.has(worker)) this.workers.push(worker);
          return;
        }
        this.waiting.get(message.id)?.resolve(message);
        this.waiting.delete(message.id);
      });
      // A thread that dies fails its chunks (their batch job is retried) and leaves the pool;
      // with none left, encryption goes on in the event loop.
      worker.on('exit', () => this.retire(worker, new Error('an encryption thread stopped')));
      worker.on('error', (error) => this.retire(worker, error));
      worker.unref();
      this.started.add(worker);
    }
  }

  private retire(worker: Worker, error: Error) {
    this.started.delete(worker);
    const index = this.workers.indexOf(worker);
    if (index >= 0) this.workers.splice(index, 1);
    for (const [id, entry] of this.waiting) {
      if (entry.worker !== worker) continue;
      entry.reject(error);
      this.waiting.delete(id);
    }
  }

  private request<T extends Response>(message: EncryptRequest | ReceiptEncryptRequest): Promise<T> {
    const worker = this.workers[this.nextWorker++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.waiting.set(message.id, { worker, reject, resolve: resolve as (response: Response) => void });
      worker.postMessage(message);
    });
  }

  /** Encrypt each message for its subscription; null where the subscription's keys are unusable. */
  async encrypt(jobs: EncryptJob[]): Promise<(Buffer | null)[]> {
    this.startThreads();
    if (this.workers.length === 0) {
      return jobs.map((job) => {
        try {
          return encryptForSubscription(job.p256dh, job.auth, job.payload);
        } catch {
          return null;
        }
      });
    }
    const { bodies } = await this.request<EncryptResponse>({ id: this.nextId++, jobs });
    return bodies.map((body) => (body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : null));
  }

  /**
   * Encrypt one push message for each recipient with its own receipt token (made on the thread),
   * in order; null where the subscription's keys are unusable. The event loop sends three strings a
   * recipient and gets the bodies back in one transferred buffer, rather than cloning a payload
   * and a body each way.
   */
  async encryptWithReceipts(chunk: ReceiptChunk): Promise<(Buffer | null)[]> {
    if (!this.receipts) throw new Error('the encryption pool has no receipt secret');
    this.startThreads();
    if (this.workers.length === 0) return bodiesOf(encryptWithReceipts(this.receipts, chunk));
    return bodiesOf(
      await this.request<ReceiptEncryptResponse>({
        id: this.nextId++,
        notificationId: chunk.notificationId,
        message: chunk.message,
        recipients: chunk.recipients,
      }),
    );
  }

  async close() {
    this.closed = true;
    const workers = [...this.started];
    this.started.clear();
    this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
