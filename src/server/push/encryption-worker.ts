import { parentPort } from 'node:worker_threads';
// An explicit extension: this file also runs on Node's own type stripping (under vitest), which
// resolves no extensionless imports.
import { encryptForSubscription } from './encrypt.ts';

/** A thread of the encryption pool: encrypts one chunk of messages per request. */
export interface EncryptRequest {
  id: number;
  jobs: { p256dh: string; auth: string; payload: Uint8Array }[];
}
export interface EncryptResponse {
  id: number;
  /** null where the subscription's keys are not usable. */
  bodies: (Uint8Array | null)[];
}

parentPort?.on('message', ({ id, jobs }: EncryptRequest) => {
  const bodies = jobs.map((job) => {
    try {
      return encryptForSubscription(job.p256dh, job.auth, Buffer.from(job.payload));
    } catch {
      return null;
    }
  });
  parentPort!.postMessage({ id, bodies } satisfies EncryptResponse);
});
