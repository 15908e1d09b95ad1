import type { AppContext } from '../../../context';
import type { PushResult } from '../../../push/push-sender';
import { backoffMs } from '../../batches/notification-delivery.queues';
import type { BatchOutcomes } from '../../outcomes/delivery-outcomes';
import { deleteSubscriptions, recordDeviceHealth } from './device-health.repo';
import type { OriginPause } from './origin-pauses.repo';

type Refusal = Extract<PushResult, { kind: 'auth' }>;

/**
 * The push channel's outcome rules for one batch: what each push service answer makes of a
 * delivery, its retries (our backoff, the service's Retry-After, PUSH_MAX_ATTEMPTS), the 401/403
 * answers held until the origin's evidence is known, the origins whose pause ended, and, written
 * with each flush of the batch's outcomes, the device circuit breaker and the subscriptions gone.
 */
export class PushOutcomes {
  /** 401/403 answers by origin, undecided until the origin's evidence is known. */
  readonly refused = new Map<string, { id: string; result: Refusal }[]>();
  /** Origins whose pause ended with a success in this batch. */
  readonly resumed = new Set<string>();
  private readonly gone: string[] = [];
  /** Failed for a reason of the device's (refused, no answer after retries), not of the message. */
  private readonly deviceFailures = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    readonly batch: BatchOutcomes,
    /** The push service origins paused for our credentials. */
    readonly pauses: ReadonlyMap<string, OriginPause>,
    /** Subscriptions whose device failed its last send(s): an accepted push clears that. */
    private readonly failingBefore: ReadonlySet<string>,
  ) {
    batch.onFlush(async (decided) => {
      const { sql } = ctx.database;
      const health = { failed: [] as string[], recovered: [] as string[] };
      for (const r of decided) {
        if (r.outcome === 'failed' && this.deviceFailures.delete(r.targetId)) health.failed.push(r.targetId);
        else if (r.outcome === 'sent' && this.failingBefore.has(r.targetId))
          health.recovered.push(r.targetId);
      }
      await recordDeviceHealth(sql, health, ctx.config.push.failedSendsToSkip);
      await deleteSubscriptions(sql, this.gone.splice(0));
    });
  }

  /** Decided without a request; `removeDevice`: keys no message can ever be encrypted for. */
  decide(id: string, outcome: 'failed' | 'gone', httpStatus: number | null, removeDevice = false): void {
    this.batch.decide(id, outcome, httpStatus);
    if (removeDevice) this.gone.push(id);
  }

  /** The held refusals of an origin become failures (or gone, on a key mismatch). */
  decideRefused(origin: string): void {
    for (const { id, result } of this.refused.get(origin) ?? []) {
      if (!result.keyMismatch) this.deviceFailures.add(id);
      this.batch.ended(id, result.keyMismatch ? 'gone' : 'failed', result.status);
    }
    this.refused.delete(origin);
  }

  record(id: string, origin: string, result: PushResult): void {
    const { refusals } = this.ctx.push;
    switch (result.kind) {
      case 'sent':
        this.batch.ended(id, 'sent', result.status);
        refusals.accepted(origin);
        if (this.pauses.has(origin)) this.resumed.add(origin);
        // Our credentials work there: the refusals held so far were about their subscriptions.
        this.decideRefused(origin);
        break;
      case 'gone':
        this.batch.ended(id, 'gone', result.status);
        this.gone.push(id);
        break;
      case 'failed':
        if (result.status !== null) this.deviceFailures.add(id);
        this.batch.ended(id, 'failed', result.status, result.status !== null);
        break;
      case 'payload':
        // About this message, not the device.
        this.batch.ended(id, 'failed', result.status);
        break;
      case 'auth': {
        refusals.refused(origin);
        const held = this.refused.get(origin) ?? [];
        held.push({ id, result });
        this.refused.set(origin, held);
        break;
      }
      case 'held':
        // Its push service paused as a whole before the request went out: no attempt.
        this.batch.waitUntil(Date.now() + result.retryAfterMs);
        break;
      case 'retry':
        this.retryLater(id, result.status, result.retryAfterMs);
        break;
    }
  }

  /**
   * A transient failure: tried again after our backoff (never sooner than what the service asked),
   * or failed once it had its requests (a failure that counts against the device).
   */
  private retryLater(id: string, status: number | null, retryAfterMs: number | undefined) {
    const attempts = this.batch.tryNumber(id);
    if (attempts >= this.ctx.config.push.maxAttempts) {
      this.deviceFailures.add(id);
      this.batch.ended(id, 'failed', status);
      return;
    }
    this.batch.pendingUntil(id, status, Date.now() + Math.max(retryAfterMs ?? 0, backoffMs(attempts - 1)));
  }
}
