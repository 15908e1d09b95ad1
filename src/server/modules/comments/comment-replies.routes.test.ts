/**
 * Replies to comments over HTTP: one level deep (a reply to a reply is a 400 naming parentId), as
 * the person or as the business, shown under the parent; removing a comment removes its replies;
 * the parent's author hears of a reply by push (the local push service decrypts it) or, without a
 * device, by email (the SMTP sink); and `comment.replied` is recorded with its published data.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import type { PushMessage } from '../../../shared/push/payload';
import { type Comment, CommentMsg, type CommentPage } from '../../../shared/schemas/comment.schema';
import type { Post } from '../../../shared/schemas/notification.schema';
import { WebhookEventDataSchemas } from '../../../shared/schemas/webhook-events.schema';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
const fixture = setupRouteFixture({ push: 1 });
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

const commentsUrl = (postId: string) => `/api/notifications/${postId}/comments`;

async function scene(name: string) {
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const res = await a.call(
    'POST',
    `/api/establishments/${establishment.id}/notifications`,
    { text: `Dinner at ${name}: book a table`, post: true },
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  const post = res.json<{ notification: Post }>().notification;
  const follower = await a.followerOf(establishment.id, 'asker');
  return { establishment, operator, post, follower };
}

async function write(user: Session, postId: string, body: Record<string, unknown>) {
  return a.call('POST', commentsUrl(postId), body, user.token);
}

async function writeOk(user: Session, postId: string, body: Record<string, unknown>): Promise<Comment> {
  const res = await write(user, postId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ comment: Comment }>().comment;
}

async function list(user: Session, postId: string): Promise<CommentPage> {
  const res = await a.call('GET', commentsUrl(postId), undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CommentPage>();
}

describe('replying to a comment', () => {
  it('the business answers a question in its voice, shown under it; the follower replies back as themselves', async () => {
    const { operator, post, follower } = await scene('Bistro Reply');
    const question = await writeOk(follower, post.id, { text: 'A table for four at eight?' });
    expect(question.parentId).toBeNull();
    const res = await write(operator, post.id, {
      text: 'Yes, see you at eight!',
      asBusiness: true,
      parentId: question.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ comment: Comment; message: string }>();
    expect(body.message).toBe(CommentMsg.replied);
    expect(body.comment).toMatchObject({ parentId: question.id, asBusiness: true });
    expect(body.comment.author.name).toBe('Bistro Reply');
    const thanks = await writeOk(follower, post.id, { text: 'Thanks!', parentId: question.id });
    expect(thanks.asBusiness).toBe(false);
    const seen = await list(follower, post.id);
    expect(seen.items.map((c) => [c.text, c.parentId])).toEqual([
      ['A table for four at eight?', null],
      ['Yes, see you at eight!', question.id],
      ['Thanks!', question.id],
    ]);
  });

  it('one level deep: a reply to a reply, to a comment of another post or to none is a 400 naming parentId', async () => {
    const { operator, post, follower } = await scene('Bistro Deep');
    const question = await writeOk(follower, post.id, { text: 'Open on Sunday?' });
    const answer = await writeOk(operator, post.id, { text: 'Yes', parentId: question.id });
    expectError(
      await write(follower, post.id, { text: 'Great', parentId: answer.id }),
      400,
      ErrorCode.VALIDATION,
      {
        parentId: CommentMsg.replyToReply,
      },
    );
    const other = await scene('Bistro Elsewhere');
    const elsewhere = await writeOk(other.follower, other.post.id, { text: 'Hello' });
    expectError(
      await write(follower, post.id, { text: 'Hi', parentId: elsewhere.id }),
      400,
      ErrorCode.VALIDATION,
      {
        parentId: CommentMsg.parentGone,
      },
    );
    expectError(
      await write(follower, post.id, { text: 'Hi', parentId: randomUUID() }),
      400,
      ErrorCode.VALIDATION,
      {
        parentId: CommentMsg.parentGone,
      },
    );
    expectError(await write(follower, post.id, { text: 'Hi', parentId: 'nope' }), 400, ErrorCode.VALIDATION, {
      parentId: CommentMsg.parentId,
    });
  });

  it('who may reply is who may comment: 401 without a session, 403 for a stranger and for a follower as the business', async () => {
    const { post, follower, establishment } = await scene('Bistro Rights');
    const question = await writeOk(follower, post.id, { text: 'Gluten-free goulash?' });
    const reply = { text: 'Me too', parentId: question.id };
    expect((await a.call('POST', commentsUrl(post.id), reply)).statusCode).toBe(401);
    const stranger = await a.userWithRole('customer', 'stranger');
    expect((await write(stranger, post.id, reply)).statusCode).toBe(403);
    const other = await a.followerOf(establishment.id, 'other');
    expectError(await write(other, post.id, { ...reply, asBusiness: true }), 403, ErrorCode.FORBIDDEN, {
      asBusiness: CommentMsg.asBusinessNotAllowed,
    });
  });

  it('removing a comment removes its replies; a reply to a hidden comment is hidden with it', async () => {
    const { operator, post, follower, establishment } = await scene('Bistro Remove');
    const first = await writeOk(follower, post.id, { text: 'First' });
    await writeOk(operator, post.id, { text: 'Answer to first', parentId: first.id, asBusiness: true });
    const second = await writeOk(follower, post.id, { text: 'Second' });
    const other = await a.followerOf(establishment.id, 'other');
    await writeOk(other, post.id, { text: 'Answer to second', parentId: second.id });
    const hide = await a.call('PUT', `/api/comments/${second.id}/hidden`, { hidden: true }, operator.token);
    expect(hide.statusCode, hide.body).toBe(200);
    const third = await a.followerOf(establishment.id, 'third');
    expect((await list(third, post.id)).items.map((c) => c.text)).toEqual(['First', 'Answer to first']);
    const removed = await a.call('DELETE', `/api/comments/${first.id}`, undefined, follower.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(third, post.id)).items).toEqual([]);
    // The moderators still see the hidden comment and its reply.
    expect((await list(operator, post.id)).items.map((c) => c.text)).toEqual(['Second', 'Answer to second']);
  });
});

describe('the notice of a reply', () => {
  it('a push to the parent author’s device; an email when they have none; nothing for the author’s own reply', async () => {
    const { operator, post, follower, establishment } = await scene('Bistro Notice');
    const device = push.subscribe();
    const sub = await a.call('POST', '/notifications/subscribe', device, follower.token);
    expect(sub.statusCode, sub.body).toBe(201);
    const question = await writeOk(follower, post.id, { text: 'Terrace open?' });
    await writeOk(follower, post.id, { text: 'Or inside?', parentId: question.id });
    await writeOk(operator, post.id, { text: 'Terrace from noon', parentId: question.id, asBusiness: true });
    const until = Date.now() + 15_000;
    const replies = () =>
      push
        .messages(device.endpoint)
        .map((m) => m.json as PushMessage)
        .filter((m) => m.kind === 'comments');
    while (replies().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(replies()).toHaveLength(1);
    expect(replies()[0]).toMatchObject({
      title: 'Bistro Notice',
      body: 'Bistro Notice: Terrace from noon',
      url: `/app/establishment/${establishment.id}/notification/${post.id}#comments`,
    });

    const other = await a.followerOf(establishment.id, 'mailed');
    const asked = await writeOk(other, post.id, { text: 'Dogs allowed?' });
    await writeOk(operator, post.id, { text: 'Of course', parentId: asked.id, asBusiness: true });
    const mail = await t.mail.waitFor(other.email, (m) => m.subject.includes('replied'));
    expect(mail.subject).toBe('Bistro Notice replied to your comment');
    expect(mail.text).toContain('> Of course');
    expect(mail.links).toContain(
      `${t.ctx.config.publicUrl}/app/establishment/${establishment.id}/notification/${post.id}#comments`,
    );
  });

  it('records comment.replied (with comment.created) with its published data', async () => {
    const { operator, post, follower } = await scene('Bistro Event');
    const question = await writeOk(follower, post.id, { text: 'Table at eight?' });
    const reply = await writeOk(operator, post.id, {
      text: 'Booked!',
      parentId: question.id,
      asBusiness: true,
    });
    const { rows } = await t.ctx.database.sql.executeSql(
      'SELECT type, data FROM domain_events WHERE subject_id = $1 ORDER BY type',
      [reply.id],
    );
    const events = rows as { type: string; data: unknown }[];
    expect(events.map((e) => e.type)).toEqual(['comment.created', 'comment.replied']);
    const data = WebhookEventDataSchemas['comment.replied'].parse(events[1]!.data);
    expect(data).toEqual({
      postId: post.id,
      commentId: reply.id,
      parentCommentId: question.id,
      text: 'Booked!',
      asBusiness: true,
      parentAsBusiness: false,
    });
    // In the public catalogue: the OpenAPI document's webhooks, with its sample.
    const docs = (await a.call('GET', '/api/docs/json')).json<{ webhooks: Record<string, unknown> }>();
    expect(JSON.stringify(docs.webhooks['comment.replied'])).toContain('parentCommentId');
  });
});
