import { ErrorCode } from '../../../shared/errors';
import { limitMessage } from '../../../shared/limit-messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hitCounter } from '../../lib/rate-limit.repo';
import * as weeklyRepo from './weekly-sends.repo';

const HOUR_MS = 3_600_000;

/**
 * A new weekly send, in the send's transaction, unless its business already runs as many as it
 * may (WEEKLY_SENDS_PER_BUSINESS): 409 naming the limit. Cancelling one, or its last date passing,
 * frees its place. One at a time per business, so two sends cannot both take the last place.
 */
export async function insertWeeklyRuleWithinLimit(
  ctx: AppContext,
  db: Db,
  rule: Parameters<typeof weeklyRepo.insertWeeklyRule>[1],
): Promise<string> {
  const max = ctx.config.usageLimits.weeklySendsPerBusiness;
  await weeklyRepo.lockEstablishmentRules(db, rule.establishmentId);
  if ((await weeklyRepo.countRunningRules(db, rule.establishmentId)) >= max) {
    throw new AppError(409, ErrorCode.CONFLICT, limitMessage('weeklySendsLimit', max));
  }
  return weeklyRepo.insertWeeklyRule(db, rule);
}

/**
 * One more "update on phones" of a post this hour (RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR),
 * each of which pushes to every phone that got it: 429 naming the limit past it. Counted in the
 * update's transaction, so a refused or failed update does not use up a place.
 */
export async function countPhoneUpdate(ctx: AppContext, db: Db, notificationId: string): Promise<void> {
  const max = ctx.config.usageLimits.phoneUpdatesPerPostPerHour;
  const { count } = await hitCounter(db, `phone-updates:${notificationId}`, HOUR_MS);
  if (count > max) throw new AppError(429, ErrorCode.RATE_LIMITED, limitMessage('phoneUpdatesLimit', max));
}
