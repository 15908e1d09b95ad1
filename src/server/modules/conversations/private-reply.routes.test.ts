/**
 * "Reply privately" from the business's side, over HTTP on a real database: an operator takes a
 * follower's comment to the follower's private conversation, quoted; the follower reads it and
 * answers. Who may (the business's operators; the follower themself, another business's operator:
 * 403), and the comments with nobody to answer: the business's own, a guest's (409, the reason).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import type { Comment } from '../../../shared/schemas/comment.schema';
import {
  type Conversation,
  ConversationMsg,
  type ConversationPage,
} from '../../../shared/schemas/conversation.schema';
import type { Post } from '../../../shared/schemas/notification.schema';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
const fixture = setupRouteFixture();
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

async function scene(name: string) {
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const res = await a.call(
    'POST',
    `/api/establishments/${establishment.id}/notifications`,
    { text: `Tonight at ${name}`, post: true },
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  const post = res.json<{ notification: Post }>().notification;
  const follower = await a.followerOf(establishment.id, 'commenter');
  return { establishment, operator, post, follower };
}

async function comment(user: Session, postId: string, body: Record<string, unknown>): Promise<Comment> {
  const res = await a.call('POST', `/api/notifications/${postId}/comments`, body, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ comment: Comment }>().comment;
}

const replyPrivately = (user: Session, commentId: string, body: object) =>
  a.call('POST', `/api/comments/${commentId}/private-reply`, body, user.token);

describe('reply privately, as the business', () => {
  it('opens the follower’s conversation quoting the comment; the follower reads it and answers', async () => {
    const { establishment, operator, post, follower } = await scene('Quiet Corner');
    const question = await comment(follower, post.id, { text: 'Can I bring my dog?\nHe is small.' });
    const res = await replyPrivately(operator, question.id, { text: 'Of course, write us your name.' });
    expect(res.statusCode, res.body).toBe(201);
    const opened = res.json<{ conversation: Conversation; message: string }>();
    expect(opened.message).toBe(ConversationMsg.sent);
    expect(opened.conversation).toMatchObject({
      establishment: { id: establishment.id },
      follower: { id: follower.id },
      postId: post.id,
      answered: true,
      canManage: true,
    });
    expect(opened.conversation.messages.map((m) => [m.text, m.fromBusiness])).toEqual([
      [
        `> ${question.author.name}:\n> Can I bring my dog?\n> He is small.\n\nOf course, write us your name.`,
        true,
      ],
    ]);

    const mine = await a.call('GET', '/api/conversations', undefined, follower.token);
    expect(mine.json<ConversationPage>()).toMatchObject({
      unread: 1,
      items: [{ id: opened.conversation.id, unread: true }],
    });
    const answer = await a.call(
      'POST',
      `/api/conversations/${opened.conversation.id}/messages`,
      { text: 'Thank you!' },
      follower.token,
    );
    expect(answer.statusCode, answer.body).toBe(201);

    // A second private reply joins the open conversation.
    const again = await replyPrivately(operator, question.id, { text: 'And a bowl of water.' });
    expect(again.json<{ conversation: Conversation }>().conversation.id).toBe(opened.conversation.id);
  });

  it('only the business’s operators may; a missing or removed comment is 404', async () => {
    const { post, follower } = await scene('Rights Tavern');
    const other = await a.establishment(admin, 'Rival Tavern');
    const rival = await a.clientOf(admin, other.id, 'rival');
    const bystander = await a.followerOf((await a.establishment(admin, 'Third Place')).id, 'bystander');
    const question = await comment(follower, post.id, { text: 'Open on Sunday?' });
    for (const who of [follower, rival, bystander]) {
      expectError(await replyPrivately(who, question.id, { text: 'Hi' }), 403, ErrorCode.FORBIDDEN);
    }
    expectError(await replyPrivately(follower, question.id, { text: 'Hi' }), 403, ErrorCode.FORBIDDEN);
    const { operator } = await scene('Missing Comments');
    expectError(await replyPrivately(operator, randomUUID(), { text: 'Hi' }), 404, ErrorCode.NOT_FOUND);
    const gone = await a.call('DELETE', `/api/comments/${question.id}`, undefined, follower.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expectError(await replyPrivately(admin, question.id, { text: 'Hi' }), 404, ErrorCode.NOT_FOUND);
  });

  it('says why when there is nobody to answer: the business’s own comment, a guest without email', async () => {
    const { operator, post, follower } = await scene('Nobody Home');
    const own = await comment(operator, post.id, { text: 'Welcome all', asBusiness: true });
    const refusedOwn = expectError(
      await replyPrivately(operator, own.id, { text: 'Hi' }),
      409,
      ErrorCode.CONFLICT,
    );
    expect(refusedOwn.error).toBe(ConversationMsg.ownComment);
    const mine = await comment(operator, post.id, { text: 'Me, not the business' });
    expect(
      expectError(await replyPrivately(operator, mine.id, { text: 'Hi' }), 409, ErrorCode.CONFLICT).error,
    ).toBe(ConversationMsg.ownComment);

    // A guest cannot comment today; one whose comment predates a switch to a guest account stands
    // for any author the app has no address for.
    const question = await comment(follower, post.id, { text: 'Do you deliver?' });
    await t.ctx.database.sql.executeSql('UPDATE users SET guest = true WHERE id = $1', [follower.id]);
    const refusedGuest = await replyPrivately(operator, question.id, { text: 'We do!' });
    expect(expectError(refusedGuest, 409, ErrorCode.CONFLICT).error).toBe(ConversationMsg.guestNoEmail);
  });

  it('a reply of nothing is refused on `text`', async () => {
    const { operator, post, follower } = await scene('Empty Words');
    const question = await comment(follower, post.id, { text: 'Parking?' });
    expectError(await replyPrivately(operator, question.id, { text: '  ' }), 400, ErrorCode.VALIDATION, {
      text: ConversationMsg.required,
    });
  });
});
