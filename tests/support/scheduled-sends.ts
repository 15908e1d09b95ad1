/**
 * The scheduled-send suites' clock and scheduler: the clock the rules go by
 * (ctx.now) is the test's, so a test reaches a moment by setting it, never by waiting.
 */
import { afterEach, expect } from 'vitest';
import { releaseDueNotifications } from '../../src/server/jobs/release-scheduled.job';
import type { Post, ScheduledList } from '../../src/shared/schemas/notification.schema';
import { call, t } from './notifications-api';

/** Set the app's clock to `at` (back to the wall clock after each test). */
export function clockAt(at: number) {
  t.ctx.now = () => new Date(at);
  return at;
}

/** Put the app's clock back after each test of the file. */
export function resetClockAfterEach() {
  afterEach(() => {
    t.ctx.now = () => new Date();
  });
}

/**
 * Run the scheduler at the app's clock; answer which of `mine` it released (a file's tests share
 * one database: it also releases what earlier tests left due, which is not theirs to judge).
 */
export async function release(...mine: string[]): Promise<string[]> {
  const released = await releaseDueNotifications(t.ctx, t.ctx.now());
  return released.filter((id) => mine.includes(id));
}

/** An establishment's scheduled sends as its senders list them. */
export async function scheduledOf(establishmentId: string, token: string): Promise<Post[]> {
  const res = await call('GET', `/api/establishments/${establishmentId}/scheduled`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScheduledList>().items;
}
