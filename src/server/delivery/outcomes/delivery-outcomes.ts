import type { AppContext } from '../../context';
import type { PushResult } from '../../push/push-sender';
import { backoffMs } from '../batches/notification-delivery.queues';
import type { UserRange } from '../batches/user-range';
import { markEmailsBounced } from '../channels/email/email-outcomes.repo';
import { deleteSubscriptions, recordDeviceHealth } from '../channels/push/device-health.repo';
import type { OriginPause } from '../channels/push/origin-pauses.repo';
import { type AttemptResult, recordAttempts } from './outcomes.repo';

type Refusal = Extract<PushResult, { kind: 'auth' }>;

/**
 * What the mail server answered for one email delivery (channels/email-channel.ts): accepted; a 4xx
 * for this address (tried again later); no answer or a 4xx of the server's (the server is paused,
 * the email waits untried); a 5xx refusing the address (bounced: no email goes to it any more);
 * another 5xx.
 */
export type EmailResult =
  | { kind: 'sent' }
  | { kind: 'retry'; status: number }
  | { kind: 'unreachable'; status: number | null; detail: string }
  | { kind: 'bounced'; status: number }
  | { kind: 'failed'; status: number | null };

/**
 * What one batch learned from the push services, kept until written: each delivery's outcome, the
 * subscriptions to delete, the 401/403 answers still undecided, the origins whose pause ended, and
 * when the batch should run again for what it left pending.
 *
 * Attempts count requests made: a delivery held back (its origin paused, its retry time not yet
 * come) is left as it is, and one decided without a request (expired, its device removed) is
 * written without counting one.
 */
export class BatchOutcomes {
  readonly results: AttemptResult[] = [];
  /** 401/403 answers by origin, undecided until the origin's evidence is known. */
  readonly refused = new Map<string, { id: string; result: Refusal }[]>();
  /** Origins whose pause ended with a success in this batch. */
  readonly resumed = new Set<string>();
  /** When the batch should run again for the deliveries it leaves pending; Infinity: none. */
  nextRunAt = Number.POSITIVE_INFINITY;
  private readonly gone: string[] = [];
  /** Users whose address the mail server refused for good. */
  private readonly bounced: string[] = [];
  /** Failed for a reason of the device's (refused, no answer after retries), not of the message. */
  private readonly deviceFailures = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly notificationId: string,
    /** The batch's users: every delivery it decides is one of theirs. */
    readonly users: UserRange,
    /** The push service origins paused for our credentials (push-channel.ts). */
    readonly pauses: ReadonlyMap<string, OriginPause>,
    /** Earlier attempts per subscription id. */
    private readonly attemptsOf: ReadonlyMap<string, number>,
    /** Subscriptions whose device failed its last send(s): an accepted push clears that. */
    private readonly failingBefore: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Throws (LeaseLostError) once this run no longer holds its batch: checked before each request
   * and after each write, so a run that lost its lease stops sending (batch-lease.ts).
   */
  ensureHeld: () => void = () => {};

  /** A delivery stays pending, untouched, and is due again at `at` (ms since epoch). */
  waitUntil(at: number): void {
    this.nextRunAt = Math.min(this.nextRunAt, at);
  }

  /**
   * Decided without a request: expired, its device removed meanwhile, or (removeDevice) keys no
   * message can ever be encrypted for.
   */
  decide(id: string, outcome: 'failed' | 'gone', httpStatus: number | null, removeDevice = false): void {
    this.results.push({ subscriptionId: id, outcome, httpStatus, tried: false });
    if (removeDevice) this.gone.push(id);
  }

  /** The held refusals of an origin become failures (or gone, on a key mismatch). */
  decideRefused(origin: string): void {
    for (const { id, result } of this.refused.get(origin) ?? []) {
      if (!result.keyMismatch) this.deviceFailures.add(id);
      this.results.push({
        subscriptionId: id,
        outcome: result.keyMismatch ? 'gone' : 'failed',
        httpStatus: result.status,
        tried: true,
      });
    }
    this.refused.delete(origin);
  }

  record(id: string, origin: string, result: PushResult): void {
    const { refusals } = this.ctx.push;
    switch (result.kind) {
      case 'sent':
        this.results.push({ subscriptionId: id, outcome: 'sent', httpStatus: result.status, tried: true });
        refusals.accepted(origin);
        if (this.pauses.has(origin)) this.resumed.add(origin);
        // Our credentials work there: the refusals held so far were about their subscriptions.
        this.decideRefused(origin);
        break;
      case 'gone':
        this.results.push({ subscriptionId: id, outcome: 'gone', httpStatus: result.status, tried: true });
        this.gone.push(id);
        break;
      case 'failed':
        if (result.status !== null) this.deviceFailures.add(id);
        this.results.push({
          subscriptionId: id,
          outcome: 'failed',
          httpStatus: result.status,
          tried: result.status !== null,
        });
        break;
      case 'payload':
        // About this message, not the device.
        this.results.push({ subscriptionId: id, outcome: 'failed', httpStatus: result.status, tried: true });
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
        this.waitUntil(Date.now() + result.retryAfterMs);
        break;
      case 'retry':
        this.retryLater(id, result.status, result.retryAfterMs);
        break;
    }
  }

  /** An email delivery's answer (the target is the user); the server's own state is the channel's. */
  recordEmail(id: string, result: Exclude<EmailResult, { kind: 'unreachable' }>): void {
    switch (result.kind) {
      case 'sent':
        this.results.push({ subscriptionId: id, outcome: 'sent', httpStatus: 250, tried: true });
        break;
      case 'bounced':
        this.bounced.push(id);
        this.results.push({ subscriptionId: id, outcome: 'failed', httpStatus: result.status, tried: true });
        break;
      case 'failed':
        this.results.push({ subscriptionId: id, outcome: 'failed', httpStatus: result.status, tried: true });
        break;
      case 'retry':
        this.retryEmailLater(id, result.status);
        break;
    }
  }

  /**
   * A 4xx for one address (greylisting, a full mailbox): tried again with the backoff and no cap on
   * attempts, as a mail server's queue would; the batch fails it when the message expires (a day).
   */
  private retryEmailLater(id: string, status: number) {
    const attempts = (this.attemptsOf.get(id) ?? 0) + 1;
    this.pendingUntil(id, status, Date.now() + backoffMs(Math.min(attempts - 1, 20)));
  }

  /** Tried and left pending until `retryAt`, when the batch runs again. */
  private pendingUntil(id: string, status: number | null, retryAt: number) {
    this.results.push({
      subscriptionId: id,
      outcome: 'pending',
      httpStatus: status,
      tried: true,
      retryAt: new Date(retryAt),
    });
    this.waitUntil(retryAt);
  }

  /**
   * A push delivery's transient failure: tried again after our backoff (never sooner than what the
   * service asked), or failed once it had its requests (a failure that counts against the device).
   */
  private retryLater(id: string, status: number | null, retryAfterMs: number | undefined) {
    const attempts = (this.attemptsOf.get(id) ?? 0) + 1;
    if (attempts >= this.ctx.config.push.maxAttempts) {
      this.deviceFailures.add(id);
      this.results.push({ subscriptionId: id, outcome: 'failed', httpStatus: status, tried: true });
      return;
    }
    this.pendingUntil(id, status, Date.now() + Math.max(retryAfterMs ?? 0, backoffMs(attempts - 1)));
  }

  /**
   * Write the outcomes decided so far, count them, tell the circuit breaker what this send made of
   * each device, and delete the gone subscriptions.
   */
  async flush(): Promise<void> {
    const { sql } = this.ctx.database;
    const decided = this.results.splice(0);
    const removed = this.gone.splice(0);
    await recordAttempts(sql, this.notificationId, this.users, decided);
    const counts = new Map<string, number>();
    const health = { failed: [] as string[], recovered: [] as string[] };
    for (const r of decided) {
      counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
      if (r.outcome === 'failed' && this.deviceFailures.delete(r.subscriptionId))
        health.failed.push(r.subscriptionId);
      else if (r.outcome === 'sent' && this.failingBefore.has(r.subscriptionId))
        health.recovered.push(r.subscriptionId);
    }
    for (const [outcome, n] of counts)
      if (outcome !== 'pending') this.ctx.metrics.deliveries.inc({ outcome }, n);
    await recordDeviceHealth(sql, health, this.ctx.config.push.failedSendsToSkip);
    await deleteSubscriptions(sql, removed);
    await markEmailsBounced(sql, this.bounced.splice(0));
    this.ensureHeld();
  }
}
