import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { type BatchKey, releaseLease, renewLease, takeLease } from './batch-leases.repo';

/**
 * A batch runs once at a time (docs/decisions.md, "A delivery batch is held by a lease"). pg-boss 10
 * has no heartbeat: a job running longer than its expiry is handed to another worker while the first
 * still sends. So a run first takes the batch's lease (DELIVERY_JOB_TIMEOUT_SECONDS long) and renews
 * it every third of that while it sends; a second run that finds a live lease sends nothing and
 * looks again when the lease ends; a killed worker's lease lapses and the next run takes over,
 * repeating only what the killed one had in flight or not yet written.
 */

/** Thrown (by BatchOutcomes.ensureHeld) once this run's lease was lost: it must stop sending. */
export class LeaseLostError extends Error {
  constructor() {
    super('the batch lease was lost: another run took the batch over');
  }
}

export interface HeldBatch {
  /** Throws LeaseLostError when the lease is no longer ours. */
  ensureHeld(): void;
  /** Stop renewing and let the batch go (once; later calls do nothing). */
  release(): Promise<void>;
}

/**
 * Take the batch's lease and keep renewing it; or, when another run holds it, the time its lease
 * ends (that run may still crash: the batch must be looked at again then).
 */
export async function holdBatch(
  ctx: AppContext,
  key: BatchKey,
): Promise<{ held: HeldBatch } | { busyUntil: Date }> {
  const { sql } = ctx.database;
  const seconds = ctx.config.push.deliveryJobTimeoutSeconds;
  const holder = randomUUID();
  const busyUntil = await takeLease(sql, key, holder, seconds);
  if (busyUntil) return { busyUntil };

  let lost = false;
  let released = false;
  let renewing: Promise<void> | undefined;
  const renew = async () => {
    try {
      if (!(await renewLease(sql, key, holder, seconds))) {
        lost = true;
        clearInterval(timer);
        ctx.log.warn({ ...key }, 'delivery batch lease lost: another run took the batch over');
      }
    } catch (error) {
      // A database hiccup: the next tick tries again; the lease lasts two more of them.
      ctx.log.warn({ err: error, ...key }, 'delivery batch lease not renewed');
    } finally {
      renewing = undefined;
    }
  };
  const timer = setInterval(
    () => {
      renewing ??= renew();
    },
    Math.max(100, (seconds * 1000) / 3),
  );
  timer.unref();
  return {
    held: {
      ensureHeld() {
        if (lost) throw new LeaseLostError();
      },
      async release() {
        if (released) return;
        released = true;
        clearInterval(timer);
        await renewing;
        if (!lost) await releaseLease(sql, key, holder);
      },
    },
  };
}
