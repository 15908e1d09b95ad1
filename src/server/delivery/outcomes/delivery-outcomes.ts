import type { DeliveryChannel } from '../../../shared/schemas/channels';
import type { AppContext } from '../../context';
import type { UserRange } from '../batches/user-range';
import { type AttemptResult, recordAttempts } from './outcomes.repo';

/**
 * What one batch of one channel decided, kept until written: each delivery's outcome, and when the
 * batch should run again for what it left pending. What the outcomes mean for the channel's own
 * data (a device's health, a bounced address) the channel writes in its flush hooks
 * (channels/<name>/*-outcomes.ts); its retry rules decide what is tried again and when.
 *
 * Attempts count tries made: a delivery held back (its retry time not yet come, its push service
 * or mail server paused) is left as it is, and one decided without a try (expired, its device
 * removed) is written without counting one.
 */
export class BatchOutcomes {
  readonly results: AttemptResult[] = [];
  /** When the batch should run again for the deliveries it leaves pending; Infinity: none. */
  nextRunAt = Number.POSITIVE_INFINITY;
  /** Earlier tries per target. */
  private readonly attemptsOf: ReadonlyMap<string, number>;
  private readonly hooks: ((decided: AttemptResult[]) => Promise<void>)[] = [];

  constructor(
    private readonly ctx: AppContext,
    readonly notificationId: string,
    /** The batch's channel: its deliveries are (notification, channel, target). */
    readonly channel: DeliveryChannel,
    /** The batch's users: every delivery it decides is one of theirs. */
    readonly users: UserRange,
    /** The batch's pending deliveries, with their earlier tries. */
    rows: readonly { targetId: string; attempts: number }[],
  ) {
    this.attemptsOf = new Map(rows.map((row) => [row.targetId, row.attempts]));
  }

  /**
   * Throws (LeaseLostError) once this run no longer holds its batch: checked before each try and
   * after each write, so a run that lost its lease stops sending (batch-lease.ts).
   */
  ensureHeld: () => void = () => {};

  /** The channel's writes after each flush, given what the flush wrote. */
  onFlush(hook: (decided: AttemptResult[]) => Promise<void>): void {
    this.hooks.push(hook);
  }

  /** This try's number for a target: its earlier tries and this one. */
  tryNumber(id: string): number {
    return (this.attemptsOf.get(id) ?? 0) + 1;
  }

  /** A delivery stays pending, untouched, and is due again at `at` (ms since epoch). */
  waitUntil(at: number): void {
    this.nextRunAt = Math.min(this.nextRunAt, at);
  }

  /** Decided without a try: expired, its target removed or no longer reachable. */
  decide(id: string, outcome: 'failed' | 'gone', httpStatus: number | null): void {
    this.results.push({ targetId: id, outcome, httpStatus, tried: false });
  }

  /** Tried, and this is how it ended (`tried` false: the try never reached the other side). */
  ended(id: string, outcome: 'sent' | 'failed' | 'gone', status: number | null, tried = true): void {
    this.results.push({ targetId: id, outcome, httpStatus: status, tried });
  }

  /** Tried and left pending until `retryAt`, when the batch runs again. */
  pendingUntil(id: string, status: number | null, retryAt: number): void {
    this.results.push({
      targetId: id,
      outcome: 'pending',
      httpStatus: status,
      tried: true,
      retryAt: new Date(retryAt),
    });
    this.waitUntil(retryAt);
  }

  /** Write the outcomes decided so far, count them, and let the channel write what they mean for it. */
  async flush(): Promise<void> {
    const decided = this.results.splice(0);
    await recordAttempts(this.ctx.database.sql, this.notificationId, this.channel, this.users, decided);
    const counts = new Map<string, number>();
    for (const r of decided) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    for (const [outcome, n] of counts)
      if (outcome !== 'pending') this.ctx.metrics.deliveries.inc({ outcome }, n);
    for (const hook of this.hooks) await hook(decided);
    this.ensureHeld();
  }
}
