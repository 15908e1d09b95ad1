/**
 * What comments set off: the operators' push notice of new comments, batched to
 * at most one per post per window (COMMENT_NOTICE_SECONDS) and delivered through the real pipeline
 * to the local push service, which decrypts it; and the per-user rate limit of writing comments.
 * The product's clock (ctx.now) is held still while a test's comments are written, so they fall in
 * one window whatever the machine's speed; the notice then goes when the real window ends.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService, TestSubscription } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { Post } from '../../../shared/schemas/notification.schema';
import { noticeWindow } from '../../jobs/comment-notice.queue';

const WINDOW_SECONDS = 2;
const RATE_LIMIT = 4;
/** Time the writes of one window get before its notice goes (a slow machine included). */
const LEAD_MS = 3000;

let t: TestApp;
let push: PushService;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({
  push: 1,
  env: {
    COMMENT_NOTICE_SECONDS: String(WINDOW_SECONDS),
    RATE_LIMIT_COMMENTS_PER_MINUTE: String(RATE_LIMIT),
  },
});
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

async function device(user: Session): Promise<TestSubscription> {
  const subscription = push.subscribe();
  const res = await a.call('POST', '/notifications/subscribe', subscription, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

const noticesTo = (subscription: TestSubscription) =>
  push
    .messages(subscription.endpoint)
    .map((m) => m.json as PushMessage)
    .filter((m) => m.kind === 'comments');

/** Wait until this device has `count` comment notices (the job runs when its window ends). */
async function noticesArrive(subscription: TestSubscription, count: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (noticesTo(subscription).length < count) {
    if (Date.now() > until) throw new Error(`${noticesTo(subscription).length} of ${count} notices arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return noticesTo(subscription);
}

/** Until the job of this window has run (no job of the queue left waiting or running) and its sends are done. */
async function noticeJobsDone() {
  const until = Date.now() + 20_000;
  for (;;) {
    const sizes = await t.ctx.jobs.sizes();
    const queue = sizes['comments.notice'];
    // The notices' own sends done too: every delivery has its outcome.
    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT count(*)::int AS n FROM notifications WHERE source = 'comments' AND status IN ('queued', 'sending')`,
    );
    const sending = (rows[0] as { n: number }).n;
    if ((!queue || queue.waiting + queue.active === 0) && sending === 0) return;
    if (Date.now() > until) throw new Error('comment notice jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Run `write` with the product's clock held at the start of a window that ends at least LEAD_MS
 * from now: its comments fall in that one window, and its notice waits until they are all written.
 */
async function withinOneWindow(write: () => Promise<void>) {
  const { from } = noticeWindow(new Date(Date.now() + LEAD_MS), WINDOW_SECONDS);
  const held = new Date(from.getTime() + 1);
  const real = t.ctx.now;
  t.ctx.now = () => held;
  try {
    await write();
  } finally {
    t.ctx.now = real;
  }
}

async function comment(user: Session, postId: string, text: string) {
  const res = await a.call('POST', `/api/notifications/${postId}/comments`, { text }, user.token);
  expect(res.statusCode, res.body).toBe(201);
}

describe('the operators’ notice of new comments', () => {
  it('three comments in a window: one push to each operator device, none to the commenters', async () => {
    const establishment = await a.establishment(admin, 'Happy Hour Haus');
    const operator = await a.clientOf(admin, establishment.id, 'operator');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const res = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Happy hour starts at 17:00, every cocktail half price', post: true },
      operator.token,
    );
    expect(res.statusCode, res.body).toBe(202);
    const post = res.json<{ notification: Post }>().notification;
    const anna = await a.followerOf(establishment.id, 'anna');
    const ben = await a.followerOf(establishment.id, 'ben');
    const [operatorPhone, operatorLaptop, colleaguePhone, annaPhone, benPhone] = await Promise.all(
      [operator, operator, colleague, anna, ben].map(device),
    );

    await withinOneWindow(async () => {
      await comment(anna, post.id, 'Is it also on Sundays?');
      await comment(ben, post.id, 'See you there');
      await comment(anna, post.id, 'And for non-alcoholic ones?');
      // An operator answering hears of the others' comments, not of their own.
      await comment(colleague, post.id, 'Yes, every day!');
    });

    for (const subscription of [operatorPhone!, operatorLaptop!]) {
      const [notice] = await noticesArrive(subscription, 1);
      expect(notice).toMatchObject({
        v: 1,
        kind: 'comments',
        title: 'Happy Hour Haus',
        body: '4 new comments on “Happy hour starts at 17:00, every…”',
        url: `/app/establishment/${establishment.id}/notification/${post.id}#comments`,
        tag: `comments-${post.id}`,
      });
    }
    const [toColleague] = await noticesArrive(colleaguePhone!, 1);
    expect(toColleague!.body).toBe('3 new comments on “Happy hour starts at 17:00, every…”');
    await noticeJobsDone();
    expect(noticesTo(operatorPhone!)).toHaveLength(1);
    expect(noticesTo(colleaguePhone!)).toHaveLength(1);
    expect(push.messages(annaPhone!.endpoint)).toHaveLength(0);
    expect(push.messages(benPhone!.endpoint)).toHaveLength(0);
    // Each notice is a personal send of the engine about the post: one per operator, its devices' deliveries sent.
    const sends = await t.ctx.database.sql.executeSql(
      `SELECT n.recipient_id, count(d.*)::int AS sent FROM notifications n
         JOIN deliveries d ON d.notification_id = n.id AND d.outcome = 'sent'
        WHERE n.source = 'comments' AND n.about_id = $1 GROUP BY n.recipient_id ORDER BY sent`,
      [post.id],
    );
    expect((sends.rows as { sent: number }[]).map((row) => row.sent)).toEqual([1, 2]);

    // A later window brings its own notice, in the operator's language; a removed comment is not told of.
    await t.ctx.database.sql.executeSql('UPDATE users SET language = $1 WHERE id = $2', ['sk', operator.id]);
    await withinOneWindow(async () => {
      await comment(ben, post.id, 'One more question');
      await comment(anna, post.id, 'Oops, wrong post');
    });
    const page = await a.call('GET', `/api/notifications/${post.id}/comments`, undefined, anna.token);
    const removed = page
      .json<{ items: { id: string; text: string }[] }>()
      .items.find((c) => c.text === 'Oops, wrong post');
    expect((await a.call('DELETE', `/api/comments/${removed!.id}`, undefined, anna.token)).statusCode).toBe(
      200,
    );
    const notices = await noticesArrive(operatorPhone!, 2);
    expect(notices[1]!.body).toBe('1 nový komentár k „Happy hour starts at 17:00, every…“');
    await noticeJobsDone();
    expect(push.messages(annaPhone!.endpoint)).toHaveLength(0);
  });

  it('sends nothing when the only comments of a window are the operator’s own, and forgets devices that are gone', async () => {
    const establishment = await a.establishment(admin, 'Quiet Quay');
    const operator = await a.clientOf(admin, establishment.id, 'operator');
    const res = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Closed for a private party tonight', post: true },
      operator.token,
    );
    const post = res.json<{ notification: Post }>().notification;
    const follower = await a.followerOf(establishment.id);
    const operatorPhone = await device(operator);
    const oldPhone = await device(operator);
    push.expire(oldPhone.endpoint);

    await withinOneWindow(() => comment(operator, post.id, 'Open again tomorrow at 10'));
    await noticeJobsDone();
    expect(push.requests(operatorPhone.endpoint)).toHaveLength(0);

    await withinOneWindow(() => comment(follower, post.id, 'Good luck!'));
    const [notice] = await noticesArrive(operatorPhone, 1);
    expect(notice!.body).toBe('1 new comment on “Closed for a private party tonight”');
    await noticeJobsDone();
    // The browser unsubscribed that one (410): it is removed, as the delivery jobs do.
    expect(push.requests(oldPhone.endpoint).map((r) => r.status)).toEqual([410]);
    const { rows } = await t.ctx.database.sql.executeSql(
      'SELECT 1 FROM push_subscriptions WHERE endpoint = $1',
      [oldPhone.endpoint],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('rate limit', () => {
  it('refuses more than RATE_LIMIT_COMMENTS_PER_MINUTE comments and edits a minute from one user, with Retry-After', async () => {
    const establishment = await a.establishment(admin, 'Chatty Chalet');
    const operator = await a.clientOf(admin, establishment.id);
    const res = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Fondue night', post: true },
      operator.token,
    );
    const post = res.json<{ notification: Post }>().notification;
    const chatty = await a.followerOf(establishment.id, 'chatty');
    const calm = await a.followerOf(establishment.id, 'calm');
    const url = `/api/notifications/${post.id}/comments`;
    for (let i = 0; i < RATE_LIMIT - 1; i++) await comment(chatty, post.id, `Comment ${i}`);
    const list = await a.call('GET', url, undefined, chatty.token);
    const first = list.json<{ items: { id: string }[] }>().items[0]!;
    // Edits count with comments.
    const edit = await a.call('PATCH', `/api/comments/${first.id}`, { text: 'Edited' }, chatty.token);
    expect(edit.statusCode, edit.body).toBe(200);

    for (const refused of [
      await a.call('POST', url, { text: 'One too many' }, chatty.token),
      await a.call('PATCH', `/api/comments/${first.id}`, { text: 'Edited again' }, chatty.token),
    ]) {
      const body = expectError(refused, 429, ErrorCode.RATE_LIMITED);
      expect(body.error).toBe(Msg.rateLimited);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Per user: someone else still comments, and reading is not limited.
    await comment(calm, post.id, 'My first');
    expect((await a.call('GET', url, undefined, chatty.token)).statusCode).toBe(200);
  });
});
