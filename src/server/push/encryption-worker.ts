import { parentPort, workerData } from 'node:worker_threads';
// Explicit extensions: this file also runs on Node's own type stripping (under vitest), which
// resolves no extensionless imports.
import { encryptForSubscription } from './encrypt.ts';
import { encryptWithReceipts, type ReceiptChunk } from './encrypt-chunk.ts';
import { ReceiptTokens } from './receipts.ts';

/** A thread of the encryption pool: encrypts one chunk of messages per request. */
export interface EncryptRequest {
  id: number;
  jobs: { p256dh: string; auth: string; payload: Uint8Array }[];
}

/**
 * One message for many subscriptions, each with its own receipt token: the token is made here, so
 * the event loop sends only ids and keys, and gets every body of the chunk in one transferred buffer.
 */
export interface ReceiptEncryptRequest extends ReceiptChunk {
  id: number;
}

export interface EncryptResponse {
  id: number;
  /** null where the subscription's keys are not usable. */
  bodies: (Uint8Array | null)[];
}

/** The bodies of a ReceiptEncryptRequest, back to back in `buffer`; length -1 where the keys are unusable. */
export interface ReceiptEncryptResponse {
  id: number;
  buffer: ArrayBuffer;
  lengths: Int32Array;
}

/** Posted once when the thread has loaded and listens: the pool sends it work from then on. */
export interface WorkerReady {
  ready: true;
}

export interface EncryptionWorkerData {
  /** The secret receipt tokens are derived from (the JWT secret), as ReceiptTokens takes it. */
  receiptSecret?: Uint8Array;
}

const { receiptSecret } = (workerData ?? {}) as EncryptionWorkerData;
const receipts = receiptSecret ? new ReceiptTokens(receiptSecret) : undefined;

parentPort?.on('message', (request: EncryptRequest | ReceiptEncryptRequest) => {
  if ('recipients' in request) {
    if (!receipts) throw new Error('this encryption thread has no receipt secret');
    const { buffer, lengths } = encryptWithReceipts(receipts, request);
    // A buffer of its own (allocUnsafeSlow): transferred, not copied.
    const arrayBuffer = buffer.buffer as ArrayBuffer;
    parentPort!.postMessage(
      { id: request.id, buffer: arrayBuffer, lengths } satisfies ReceiptEncryptResponse,
      [arrayBuffer],
    );
    return;
  }
  const bodies = request.jobs.map((job) => {
    try {
      return encryptForSubscription(job.p256dh, job.auth, job.payload);
    } catch {
      return null;
    }
  });
  parentPort!.postMessage({ id: request.id, bodies } satisfies EncryptResponse);
});

parentPort?.postMessage({ ready: true } satisfies WorkerReady);
