/**
 * Operators who hear of new comments without push: the setting (GET/PUT
 * /api/account/operator-notices: 401, 403, 400 naming the field, the hourly default), an email per
 * comment for "immediately", one digest per business and window for "hourly" (in the operator's
 * language, written by the real SMTP sink), nothing for "off" nor for an operator with a live device,
 * and a digest job run twice sending once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import type { Post } from '../../../shared/schemas/notification.schema';
import { OperatorNoticeMsg } from '../../../shared/schemas/operator-notice.schema';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { operatorNoticeMailJob } from '../../jobs/operator-notice-mail.job';
import { digestWindow } from './operator-notice-queue';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
const fixture = setupRouteFixture({ push: 1 });
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

const SETTINGS = '/api/account/operator-notices';

async function choose(user: Session, cadence: string) {
  const res = await a.call('PUT', SETTINGS, { cadence }, user.token);
  expect(res.statusCode, res.body).toBe(200);
}

async function scene(name: string) {
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const res = await a.call(
    'POST',
    `/api/establishments/${establishment.id}/notifications`,
    { text: `Goulash tonight at ${name}`, post: true },
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  const post = res.json<{ notification: Post }>().notification;
  return { establishment, operator, post };
}

async function comment(user: Session, postId: string, text: string) {
  const res = await a.call('POST', `/api/notifications/${postId}/comments`, { text }, user.token);
  expect(res.statusCode, res.body).toBe(201);
}

const mailsTo = (email: string) => t.mail.received.filter((m) => m.to.includes(email.toLowerCase()));

/** Until no job of the notice queue that is due (not a digest waiting for its window) is left to run. */
async function noticeJobsDone() {
  const until = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.ctx.database.sql.executeSql(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active') AND start_after <= now()",
      [operatorNoticeMailJob.queue],
    );
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > until) throw new Error('operator notice jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Run `write` with the product's clock in an hour that has already ended: its digest is due at once. */
async function inAnEndedHour(write: () => Promise<void>) {
  const { from } = digestWindow(new Date(Date.now() - 2 * 3600_000), 3600_000);
  const real = t.ctx.now;
  t.ctx.now = () => new Date(from.getTime() + 60_000);
  try {
    await write();
  } finally {
    t.ctx.now = real;
  }
  return from;
}

describe('the email notice setting', () => {
  it('hourly until chosen; set and read back; 400 naming cadence; 401; 403 for a follower', async () => {
    const { operator, establishment } = await scene('Setting Inn');
    const res = await a.call('GET', SETTINGS, undefined, operator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cadence: 'hourly' });
    await choose(operator, 'daily');
    expect((await a.call('GET', SETTINGS, undefined, operator.token)).json()).toEqual({ cadence: 'daily' });
    expectError(
      await a.call('PUT', SETTINGS, { cadence: 'weekly' }, operator.token),
      400,
      ErrorCode.VALIDATION,
      {
        cadence: OperatorNoticeMsg.cadence,
      },
    );
    expect((await a.call('GET', SETTINGS)).statusCode).toBe(401);
    const follower = await a.followerOf(establishment.id);
    expect((await a.call('PUT', SETTINGS, { cadence: 'off' }, follower.token)).statusCode).toBe(403);
  });
});

describe('operators without push hear of comments by email', () => {
  it('immediately: one email per comment, quoting it; none for their own comment, none with a live device, none when off', async () => {
    const { establishment, operator, post } = await scene('Instant Inn');
    await choose(operator, 'immediately');
    const pushed = await a.clientOf(admin, establishment.id, 'pushed');
    await choose(pushed, 'immediately');
    const sub = await a.call('POST', '/notifications/subscribe', push.subscribe(), pushed.token);
    expect(sub.statusCode, sub.body).toBe(201);
    const silent = await a.clientOf(admin, establishment.id, 'silent');
    await choose(silent, 'off');
    const follower = await a.followerOf(establishment.id);
    await comment(follower, post.id, 'Is the goulash gluten-free?');
    await comment(operator, post.id, 'Answering below');
    const mail = await t.mail.waitFor(operator.email, (m) => m.subject.includes('Instant Inn'));
    expect(mail.subject).toBe('New at Instant Inn: Comment on “Goulash tonight at Instant Inn”');
    expect(mail.text).toContain('> Is the goulash gluten-free?');
    expect(mail.links).toContain(
      `${t.ctx.config.publicUrl}/app/establishment/${establishment.id}/notification/${post.id}#comments`,
    );
    await noticeJobsDone();
    expect(mailsTo(operator.email)).toHaveLength(1);
    expect(mailsTo(pushed.email)).toHaveLength(0);
    expect(mailsTo(silent.email)).toHaveLength(0);
  });

  it('hourly: one digest per business and hour in the operator’s language; the job run again sends nothing more', async () => {
    const { establishment, operator, post } = await scene('Stunde Stube');
    await t.ctx.database.sql.executeSql('UPDATE users SET language = $1 WHERE id = $2', ['de', operator.id]);
    // Off while the comments come in: the window's job (due at once, its hour being over) finds nobody.
    await choose(operator, 'off');
    const follower = await a.followerOf(establishment.id);
    const from = await inAnEndedHour(async () => {
      await comment(follower, post.id, 'Tisch für vier um acht?');
      await comment(follower, post.id, 'Und ein Hund?');
    });
    await noticeJobsDone();
    expect(mailsTo(operator.email)).toHaveLength(0);
    await choose(operator, 'hourly');
    // The window's job, as when its hour ends with the operator on hourly; then again (a retry, a second worker).
    const window = {
      establishmentId: establishment.id,
      cadence: 'hourly' as const,
      from: from.toISOString(),
      to: new Date(from.getTime() + 3600_000).toISOString(),
    };
    await t.ctx.jobs.send(operatorNoticeMailJob, window);
    const digest = await t.mail.waitFor(operator.email, (m) => m.subject.includes('Stunde Stube'));
    expect(digest.subject).toBe('Neu bei Stunde Stube: 2 Kommentare und Nachrichten');
    expect(digest.text).toContain('> Tisch für vier um acht?');
    expect(digest.text).toContain('> Und ein Hund?');
    expect(digest.links).toContain(`${t.ctx.config.publicUrl}/app/establishment/${establishment.id}`);
    await t.ctx.jobs.send(operatorNoticeMailJob, window);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await noticeJobsDone();
    expect(mailsTo(operator.email)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  const DAY = 24 * 3600_000;

  it('daily: one email with the day’s comments and messages; none for an operator who turned it off', async () => {
    const { establishment, operator, post } = await scene('Daily Diner');
    const offDuty = await a.clientOf(admin, establishment.id, 'offduty');
    await choose(offDuty, 'off');
    // Off while the day's comment and message come in (their window's jobs, due at once, find
    // nobody); then daily, and the day's job runs as when the day ends.
    await choose(operator, 'off');
    const follower = await a.followerOf(establishment.id);
    const { from } = digestWindow(new Date(Date.now() - 2 * DAY), DAY);
    const real = t.ctx.now;
    t.ctx.now = () => new Date(from.getTime() + 3600_000);
    try {
      await comment(follower, post.id, 'Open on Sunday?');
      const asked = await a.call(
        'POST',
        `/api/establishments/${establishment.id}/conversations`,
        { text: 'A table for four at eight?' },
        follower.token,
      );
      expect(asked.statusCode, asked.body).toBe(201);
    } finally {
      t.ctx.now = real;
    }
    await noticeJobsDone();
    await choose(operator, 'daily');
    await t.ctx.jobs.send(operatorNoticeMailJob, {
      establishmentId: establishment.id,
      cadence: 'daily' as const,
      from: from.toISOString(),
      to: new Date(from.getTime() + DAY).toISOString(),
    });
    const digest = await t.mail.waitFor(operator.email, (m) => m.subject.includes('Daily Diner'));
    expect(digest.subject).toBe('New at Daily Diner: 2 comments and messages');
    expect(digest.text).toContain('> Open on Sunday?');
    expect(digest.text).toContain('> A table for four at eight?');
    await noticeJobsDone();
    expect(mailsTo(operator.email)).toHaveLength(1);
    expect(mailsTo(offDuty.email)).toHaveLength(0);
  });
});

describe('housekeeping', () => {
  it('forgets notices and sent markers once no digest can use them (after three days)', async () => {
    const { establishment, post } = await scene('Old News Inn');
    const follower = await a.followerOf(establishment.id);
    const real = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() - 4 * 24 * 3600_000);
    try {
      await comment(follower, post.id, 'An old question');
    } finally {
      t.ctx.now = real;
    }
    await comment(follower, post.id, 'A new question');
    const texts = async () => {
      const { rows } = await t.ctx.database.sql.executeSql(
        'SELECT text FROM operator_notices WHERE establishment_id = $1 ORDER BY created_at',
        [establishment.id],
      );
      return (rows as { text: string }[]).map((row) => row.text);
    };
    expect(await texts()).toEqual(['An old question', 'A new question']);
    await t.ctx.jobs.send(housekeepingJob, {});
    const until = Date.now() + 20_000;
    while ((await texts()).length > 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await texts()).toEqual(['A new question']);
  });
});
