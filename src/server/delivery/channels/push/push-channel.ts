import { pushMessageOf, pushTopicOf } from '../../../../shared/push/payload';
import {
  inLanguage,
  type PostTranslations,
  type RichTranslations,
} from '../../../../shared/schemas/post-translations';
import type { NotificationAction } from '../../../../shared/schemas/rich-notification';
import type { AppContext } from '../../../context';
import { forEachConcurrently } from '../../../lib/concurrency';
import type { PushOptions } from '../../../push/push-sender';
import { PUSH_OPTIONS } from '../../batches/notification-delivery.queues';
import type { UserRange } from '../../batches/user-range';
import { deferDeliveries } from '../../deferral/deferral.repo';
import { quietUntilAt } from '../../deferral/quiet-period';
import type { DeliveryBatch, DeliveryNotification } from '../channel';
import * as originPauses from './origin-pauses.repo';
import { PushOutcomes } from './push-outcomes';
import type { PendingPush } from './push-pending.repo';

/** What a reader gets of a post: its text, title and buttons in their language, else the main ones. */
type Shown = ReturnType<typeof inLanguage<NotificationAction>>;

/** A business's notification as its push carries it, as one reader gets it (a translation). */
export function notificationPushMessage(
  n: Pick<
    DeliveryNotification,
    | 'id'
    | 'establishmentId'
    | 'establishmentName'
    | 'logo'
    | 'mediaId'
    | 'createdAt'
    | 'linkUrl'
    | 'source'
    | 'aboutId'
  >,
  shown: Shown,
) {
  return pushMessageOf({
    id: n.id,
    establishmentId: n.establishmentId,
    establishmentName: n.establishmentName,
    text: shown.text,
    logo: n.logo,
    media: n.mediaId,
    createdAt: n.createdAt.getTime(),
    title: shown.title,
    link: n.linkUrl,
    actions: shown.actions,
    source: n.source,
    aboutId: n.aboutId,
  });
}

/**
 * Rows grouped by what each gets: their user's language's text, title and button labels, else the
 * main ones (languages translated alike share a message). Worked out once per language of the rows.
 */
export function byLanguage<T extends { language: string | null }>(
  n: {
    text: string;
    title: string | null;
    actions: NotificationAction[] | null;
    translations: PostTranslations;
    richTranslations: RichTranslations;
  },
  rows: T[],
): { shown: Shown; rows: T[] }[] {
  const groups = new Map<string, { shown: Shown; rows: T[] }>();
  const ofLanguage = new Map<string | null, { shown: Shown; rows: T[] }>();
  for (const row of rows) {
    let group = ofLanguage.get(row.language);
    if (!group) {
      const shown = inLanguage(n, row.language);
      const key = JSON.stringify([shown.text, shown.title, shown.actions?.map((action) => action.label)]);
      group = groups.get(key) ?? { shown, rows: [] };
      groups.set(key, group);
      ofLanguage.set(row.language, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** Outcomes are written once this many times the requests in flight have completed. */
const FLUSH_EVERY_IN_FLIGHT = 4;
/** Messages per request to an encryption thread. */
const ENCRYPT_CHUNK = 32;

/** Origins by the endpoint's text up to its path: a send's endpoints share a handful of them. */
const origins = new Map<string, string>();

/** The push service of an endpoint (endpoints are validated URLs when stored). */
function originOf(endpoint: string): string {
  // Scheme and authority end at the first "/" after "https://"; parsing each endpoint cost more.
  const slash = endpoint.indexOf('/', 8);
  const head = slash < 0 ? endpoint : endpoint.slice(0, slash);
  let origin = origins.get(head);
  if (origin === undefined) {
    try {
      origin = new URL(head).origin;
    } catch {
      origin = head;
    }
    if (origins.size >= 1000) origins.clear();
    origins.set(head, origin);
  }
  return origin;
}

/** A push sender's share of this process's PUSH_CONCURRENCY requests in flight. */
interface SenderShare {
  ctx: AppContext;
  /** Requests in flight per batch. */
  perBatchInFlight: number;
  /** Messages per encryption request; requests in flight per batch = lanes x chunk. */
  chunkSize: number;
}

/**
 * Quiet hours: the deliveries of users in quiet hours at the product's clock are not
 * sent but held back, pending, until the period ends (the minute sweep lets them go), or fail
 * when it ends after the message expires. Users without quiet hours cost one null check.
 */
async function holdBackQuiet(
  ctx: AppContext,
  notificationId: string,
  users: UserRange,
  expiresAt: number,
  pending: PendingPush[],
): Promise<{ sendable: PendingPush[]; expired: PendingPush[] }> {
  if (!pending.some((row) => row.quiet)) return { sendable: pending, expired: [] };
  const untilOf = quietUntilAt(ctx.now());
  const sendable: PendingPush[] = [];
  const expired: PendingPush[] = [];
  const deferred: { targetId: string; until: Date }[] = [];
  for (const row of pending) {
    const until = row.quiet ? untilOf(row.quiet) : null;
    if (!until) sendable.push(row);
    else if (until.getTime() > expiresAt) expired.push(row);
    else deferred.push({ targetId: row.targetId, until });
  }
  await deferDeliveries(ctx.database.sql, notificationId, 'push', users, deferred);
  if (deferred.length > 0)
    ctx.log.debug({ notificationId, deferred: deferred.length }, 'held back by quiet hours');
  return { sendable, expired };
}

/**
 * Sort a batch's pending deliveries: those due now are sent; those whose retry time has not come,
 * or whose push service is paused, wait untouched (no attempt) until then; those past the
 * message's expiry fail without a request.
 */
function dueNow(
  ctx: AppContext,
  rows: PendingPush[],
  pauses: ReadonlyMap<string, originPauses.OriginPause>,
  outcomes: PushOutcomes,
  now: number,
): PendingPush[] {
  const due: PendingPush[] = [];
  for (const row of rows) {
    const pause = row.endpoint ? pauses.get(originOf(row.endpoint)) : undefined;
    const throttled = row.endpoint ? ctx.push.sender.throttle.pausedFor(originOf(row.endpoint)) : 0;
    const waitUntil = Math.max(
      row.retryAt?.getTime() ?? 0,
      pause?.probeAfter.getTime() ?? 0,
      throttled > 0 ? now + throttled : 0,
    );
    if (waitUntil <= now) due.push(row);
    else outcomes.batch.waitUntil(waitUntil);
  }
  return due;
}

/** Encrypt and POST the due deliveries, a chunk per encryption request, recording each answer. */
async function sendDue(
  { ctx, perBatchInFlight, chunkSize }: SenderShare,
  notificationId: string,
  message: string,
  options: PushOptions,
  due: PendingPush[],
  outcomes: PushOutcomes,
  makeWay: () => Promise<void>,
) {
  // Outcomes are written every few chunks: a crash or a takeover re-sends only what was in flight
  // or not yet written, and the post page's figures move while a batch runs.
  const flushEvery = perBatchInFlight * FLUSH_EVERY_IN_FLIGHT;
  // Chunks go to the encryption threads while earlier chunks are on the wire.
  const chunks: PendingPush[][] = [];
  for (let i = 0; i < due.length; i += chunkSize) chunks.push(due.slice(i, i + chunkSize));
  const lanes = Math.max(1, Math.ceil(perBatchInFlight / chunkSize));
  await forEachConcurrently(chunks, lanes, async (chunk) => {
    await makeWay();
    outcomes.batch.ensureHeld();
    const live: PendingPush[] = [];
    for (const row of chunk) {
      if (row.endpoint && row.p256dh && row.auth) live.push(row);
      // Removed since the audience was taken (signed out, or gone in another send).
      else outcomes.decide(row.targetId, 'gone', null);
    }
    // The receipt token differs per recipient; the encryption threads add it to the message.
    const recipients: string[] = [];
    for (const row of live) recipients.push(row.targetId, row.p256dh!, row.auth!);
    const bodies = await ctx.push.encryption.encryptWithReceipts({ notificationId, message, recipients });
    await Promise.all(
      live.map(async (row, i) => {
        const body = bodies[i];
        // Keys that are no P-256 point: this subscription can never receive anything.
        if (!body) return outcomes.decide(row.targetId, 'gone', 400, true);
        const result = await ctx.push.sender.post(row.endpoint!, body, options);
        outcomes.record(row.targetId, originOf(row.endpoint!), result);
      }),
    );
    if (outcomes.batch.results.length >= flushEvery) await outcomes.batch.flush();
  });
}

/**
 * The 401/403 answers held until the batch ended: where the evidence now says the push service
 * refuses our credentials, pause the origin and keep its deliveries pending; otherwise each fails
 * on its own (or ends as gone on a key mismatch).
 */
async function decideRefusals(ctx: AppContext, notificationId: string, outcomes: PushOutcomes) {
  const { sql } = ctx.database;
  const { publicKey, refusals } = ctx.push;
  for (const [origin, held] of outcomes.refused) {
    if (!refusals.refusing(origin)) {
      outcomes.decideRefused(origin);
      continue;
    }
    const last = held.at(-1)!.result;
    const probeAfter = new Date(Date.now() + ctx.config.push.originPauseSeconds * 1000);
    const pause = { origin, httpStatus: last.status, detail: last.detail, probeAfter };
    await originPauses.pauseOrigin(sql, publicKey, pause);
    await originPauses.noticePaused(sql, notificationId, pause);
    ctx.metrics.originPauses.inc();
    ctx.log.error(
      { notificationId, origin, status: last.status, detail: last.detail },
      'push service refuses our VAPID credentials: deliveries to it paused',
    );
    outcomes.batch.waitUntil(probeAfter.getTime());
    outcomes.refused.delete(origin);
  }
}

/** One batch: quiet hours, what is due, one message per language, then the refusals and resumed origins. */
async function deliverBatch(
  share: SenderShare,
  { notification: n, rows, outcomes: batch, now, expiresAt, makeWay }: DeliveryBatch<PendingPush>,
) {
  const { ctx } = share;
  const { sql } = ctx.database;
  const { publicKey } = ctx.push;
  const pauses = originPauses.pausesByOrigin(await originPauses.findPauses(sql, publicKey));
  const failing = new Set(rows.filter((row) => row.failedSends > 0).map((row) => row.targetId));
  const outcomes = new PushOutcomes(ctx, batch, pauses, failing);
  const { sendable, expired } = await holdBackQuiet(ctx, n.id, batch.users, expiresAt, rows);
  // Their quiet hours end after the message expires: it would never be worth showing.
  for (const row of expired) outcomes.decide(row.targetId, 'failed', null);
  // The message lives at the push service only for what is left of its TTL; its topic lets an
  // update or a withdrawal replace it there.
  const options = { ...PUSH_OPTIONS, ttl: Math.ceil((expiresAt - now) / 1000), topic: pushTopicOf(n.id) };
  const due = dueNow(ctx, sendable, outcomes.pauses, outcomes, now);
  // One message per language the batch's users read; most posts have one.
  for (const { shown, rows } of byLanguage(n, due))
    await sendDue(
      share,
      n.id,
      JSON.stringify(notificationPushMessage(n, shown)),
      options,
      rows,
      outcomes,
      makeWay,
    );
  await decideRefusals(ctx, n.id, outcomes);
  // A success where the origin was paused: its pause ends for every send.
  for (const origin of outcomes.resumed) await originPauses.resumeOrigin(sql, publicKey, origin);
}

/**
 * The push channel: web push to each device (RFC 8030/8291/8292), with quiet hours, per-delivery
 * retries, per-origin pauses (401/403, 429) and the device circuit breaker. `batchesInParallel`:
 * how many batch jobs share this process's PUSH_CONCURRENCY requests in flight.
 */
export function createPushSender(ctx: AppContext, batchesInParallel: number) {
  const perBatchInFlight = Math.max(1, Math.ceil(ctx.config.push.concurrency / batchesInParallel));
  // Requests in flight per batch = lanes x chunk.
  const share = { ctx, perBatchInFlight, chunkSize: Math.min(ENCRYPT_CHUNK, perBatchInFlight) };
  return {
    deliver: (batch: DeliveryBatch<PendingPush>) => deliverBatch(share, batch),
  };
}
