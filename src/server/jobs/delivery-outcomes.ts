import type { AppContext } from '../context';
import * as deliveries from '../modules/notifications/deliveries.repo';
import type { OriginPause } from '../modules/notifications/origin-pauses.repo';
import type { PushResult } from '../push/push-sender';
import { MAX_ATTEMPTS } from './notification-delivery.queues';

type Refusal = Extract<PushResult, { kind: 'auth' }>;

/**
 * What one batch learned from the push services, kept until written: each delivery's outcome, the
 * subscriptions to delete, the 401/403 answers still undecided, the origins whose pause ended, and
 * how long the push services asked us to wait before retrying.
 */
export class BatchOutcomes {
  readonly results: deliveries.AttemptResult[] = [];
  /** 401/403 answers by origin, undecided until the origin's evidence is known. */
  readonly refused = new Map<string, { id: string; result: Refusal }[]>();
  /** Origins whose pause ended with a success in this batch. */
  readonly resumed = new Set<string>();
  /** The longest wait a push service asked for; 0 when nothing is to be retried. */
  retryAfterMs = 0;
  private readonly gone: string[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly notificationId: string,
    private readonly pauses: ReadonlyMap<string, OriginPause>,
    /** Earlier attempts per subscription id. */
    private readonly attemptsOf: ReadonlyMap<string, number>,
  ) {}

  /** The held refusals of an origin become failures (or gone, on a key mismatch). */
  decideRefused(origin: string): void {
    for (const { id, result } of this.refused.get(origin) ?? []) {
      this.results.push({
        subscriptionId: id,
        outcome: result.keyMismatch ? 'gone' : 'failed',
        httpStatus: result.status,
      });
    }
    this.refused.delete(origin);
  }

  record(id: string, origin: string, result: PushResult): void {
    const { refusals } = this.ctx.push;
    switch (result.kind) {
      case 'sent':
        this.results.push({ subscriptionId: id, outcome: 'sent', httpStatus: result.status });
        refusals.accepted(origin);
        if (this.pauses.has(origin)) this.resumed.add(origin);
        // Our credentials work there: the refusals held so far were about their subscriptions.
        this.decideRefused(origin);
        break;
      case 'gone':
        this.results.push({ subscriptionId: id, outcome: 'gone', httpStatus: result.status });
        this.gone.push(id);
        break;
      case 'payload':
      case 'failed':
        this.results.push({ subscriptionId: id, outcome: 'failed', httpStatus: result.status });
        break;
      case 'auth': {
        refusals.refused(origin);
        const held = this.refused.get(origin) ?? [];
        held.push({ id, result });
        this.refused.set(origin, held);
        break;
      }
      case 'retry': {
        const exhausted = (this.attemptsOf.get(id) ?? 0) + 1 >= MAX_ATTEMPTS;
        this.results.push({
          subscriptionId: id,
          outcome: exhausted ? 'failed' : 'pending',
          httpStatus: result.status,
        });
        if (!exhausted) this.retryAfterMs = Math.max(this.retryAfterMs, result.retryAfterMs ?? 0, 1);
        break;
      }
    }
  }

  /** Write the outcomes decided so far, count them, and delete the gone subscriptions. */
  async flush(): Promise<void> {
    const { sql } = this.ctx.database;
    const decided = this.results.splice(0);
    const removed = this.gone.splice(0);
    await deliveries.recordAttempts(sql, this.notificationId, decided);
    const counts = new Map<string, number>();
    for (const r of decided) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    for (const [outcome, n] of counts)
      if (outcome !== 'pending') this.ctx.metrics.deliveries.inc({ outcome }, n);
    await deliveries.deleteSubscriptions(sql, removed);
  }
}
