import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import { minuteOfTime, repeatProblem, takeOver, type WeeklyRule } from '../../../shared/recurrence';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { WeeklyRuleBody } from '../../../shared/schemas/weekly-send.schema';
import type { AppContext } from '../../context';
import { executorOf } from '../../db/client';
import { postEditedEvent } from '../../events/event-builders';
import { postRescheduledEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { recordPostWrite } from './post-access';
import { get } from './post-reads.service';
import * as scheduledRepo from './scheduled.repo';
import * as weeklyRepo from './weekly-sends.repo';

/** A waiting send due within this when resumed has missed its time: it takes the rule's next one. */
const MISSED_MS = 60_000;

/**
 * A weekly send its actor may manage (who may edit its sends: their author or an admin), with its
 * business; 404 when none, 409 once it has ended.
 */
async function runningRuleFor(ctx: AppContext, actor: Actor, id: string) {
  const found = await weeklyRepo.findRule(ctx.db, id);
  if (!found) throw notFound();
  authorize(actor, 'notificationPost:read', {
    establishmentId: found.establishmentId,
    registeredById: found.registeredById,
  });
  authorize(actor, 'notificationPost:edit', { ownerId: found.authorId ?? undefined, blocked: found.blocked });
  if (found.ended) throw new AppError(409, ErrorCode.CONFLICT, Msg.weeklySendEnded);
  return found;
}

/**
 * Change a weekly send's rule itself (weekdays, time, last date or none) on its business's clock:
 * its waiting send moves to the new rule's first time from that send's day on (at least a minute
 * on: takeOver) and every later one follows the rule. Who may edit its sends may (their author or an admin); an ended one is a 409.
 * Answers the waiting send as it now is.
 */
export async function updateWeeklyRule(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: WeeklyRuleBody,
): Promise<{ post: Post; message: string }> {
  const found = await runningRuleFor(ctx, actor, id);

  const rule: WeeklyRule = {
    weekdays: body.weekdays,
    minuteOfDay: minuteOfTime(body.time)!,
    until: body.until,
  };
  const changed = body.localTime === undefined ? [] : ['localTime'];
  const now = ctx.now();
  // A last date that is no date, or already past.
  const past = repeatProblem(now, found.timeZone, body.until);
  if (past) throw fieldError('until', past);

  const occurrence = await withOutbox(ctx, async ({ db, emit }) => {
    const waiting = await weeklyRepo.lockWaitingOccurrence(db, id);
    // Ended meanwhile, or its send is going out this moment (the next one then waits: try again).
    if (!waiting) throw new AppError(409, ErrorCode.CONFLICT, Msg.alreadySent);
    const at = takeOver(rule, waiting.scheduledFor, now, found.timeZone);
    // Its last date comes before any of its weekdays does. Thrown inside, nothing is changed.
    if (!at) throw fieldError('until', Msg.repeatNeverFires);
    if (!(await weeklyRepo.changeRule(db, id, { ...rule, localTime: body.localTime }, waiting.id)))
      throw new AppError(409, ErrorCode.CONFLICT, Msg.weeklySendEnded);
    await weeklyRepo.moveOccurrence(db, waiting.id, at);
    await emit(
      postRescheduledEvent({ id: waiting.id, establishmentId: found.establishmentId }, actor.id, at),
    );
    const establishment = { id: found.establishmentId, name: found.establishmentName };
    await recordPostWrite(db, actor, establishment, 'post.update', {
      notificationId: waiting.id,
      changed: ['recurrence', ...changed],
    });
    const post = { id: waiting.id, establishmentId: found.establishmentId, text: waiting.text };
    await emit(postEditedEvent(post, actor.id, false));
    return waiting.id;
  });
  return { post: await get(ctx, actor, occurrence), message: Msg.weeklySendUpdated };
}

/**
 * Pause a weekly send: its waiting send stays as it is, held (the scheduler passes it by) until
 * the series is resumed; pausing a paused one changes nothing. Answers the waiting send.
 */
export async function pauseWeeklySend(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ post: Post; message: string }> {
  const found = await runningRuleFor(ctx, actor, id);
  const occurrence = await withOutbox(ctx, async ({ db }) => {
    const waiting = await weeklyRepo.lockWaitingOccurrence(db, id);
    // Its send is going out this moment: the next one then waits (try again).
    if (!waiting) throw new AppError(409, ErrorCode.CONFLICT, Msg.alreadySent);
    if (!(await weeklyRepo.pauseRule(db, id, ctx.now())))
      throw new AppError(409, ErrorCode.CONFLICT, Msg.weeklySendEnded);
    const establishment = { id: found.establishmentId, name: found.establishmentName };
    await recordPostWrite(db, actor, establishment, 'post.update', {
      notificationId: waiting.id,
      changed: ['paused'],
    });
    return waiting.id;
  });
  return { post: await get(ctx, actor, occurrence), message: Msg.weeklySendPaused };
}

/**
 * Resume a paused weekly send: its waiting send goes at its time, or, when that passed while the
 * series was paused, at the rule's next time at least a minute on (takeOver), nothing sent for the
 * times missed. A series whose last date passed meanwhile ends (its waiting send is cancelled):
 * 409. Resuming a running one changes nothing. Answers the waiting send.
 */
export async function resumeWeeklySend(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ post: Post; message: string }> {
  const found = await runningRuleFor(ctx, actor, id);
  const now = ctx.now();
  const resumed = await withOutbox(ctx, async ({ db, emit }) => {
    const waiting = await weeklyRepo.lockWaitingOccurrence(db, id);
    if (!waiting) throw new AppError(409, ErrorCode.CONFLICT, Msg.alreadySent);
    const running = await weeklyRepo.findRunningRule(db, id);
    if (!running) throw new AppError(409, ErrorCode.CONFLICT, Msg.weeklySendEnded);
    let at = waiting.scheduledFor;
    if (at.getTime() < now.getTime() + MISSED_MS) {
      const next = takeOver(running.rule, waiting.scheduledFor, now, found.timeZone);
      if (!next) {
        await weeklyRepo.endWeeklyRule(db, id, now);
        await scheduledRepo.deleteScheduled(executorOf(db), waiting.id);
        return undefined;
      }
      at = next;
      await weeklyRepo.moveOccurrence(db, waiting.id, at);
      await emit(
        postRescheduledEvent({ id: waiting.id, establishmentId: found.establishmentId }, actor.id, at),
      );
    }
    await weeklyRepo.resumeRule(db, id);
    const establishment = { id: found.establishmentId, name: found.establishmentName };
    await recordPostWrite(db, actor, establishment, 'post.update', {
      notificationId: waiting.id,
      changed: ['resumed'],
    });
    return waiting.id;
  });
  if (!resumed) throw new AppError(409, ErrorCode.CONFLICT, Msg.weeklySendEnded);
  return { post: await get(ctx, actor, resumed), message: Msg.weeklySendResumed };
}
