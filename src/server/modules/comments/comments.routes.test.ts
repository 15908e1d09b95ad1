/**
 * Comments on posts over HTTP: every route for guests (401), each role that may
 * not (403), bad input (400 on the field), what does not exist (404) and success; moderation (the
 * author edits and removes their own, operators and admins remove any, nobody edits another's,
 * admins included);
 * comments turned off per post and per establishment; paging. Shared setup:
 * tests/support/notifications-api.ts. The operators' push notice and the rate limit are in
 * comments-notice.routes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  postsOf,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import {
  COMMENT_TEXT_MAX,
  type Comment,
  CommentMsg,
  type CommentPage,
} from '../../../shared/schemas/comment.schema';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { Post } from '../../../shared/schemas/notification.schema';
import { users } from '../../db/schema';

setupNotificationsApp();

const commentsUrl = (postId: string, query = '') => `/api/notifications/${postId}/comments${query}`;

async function comment(user: Session, postId: string, text: string): Promise<Comment> {
  const res = await call('POST', commentsUrl(postId), { text }, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ comment: Comment }>().comment;
}

async function page(user: Session, postId: string, query = ''): Promise<CommentPage> {
  const res = await call('GET', commentsUrl(postId, query), undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CommentPage>();
}

/** A business with a post, its operator, a follower, and people around it. */
async function scene(name: string) {
  const { establishment, client } = await business(name);
  const post = await sendOk(client, establishment.id, { text: `Happy hour at ${name}`, post: true });
  const follower = await a.followerOf(establishment.id);
  return { establishment, client, post, follower };
}

/** The representative who registered a new business (via client signup), and that business. */
async function representedBusiness(name: string) {
  const representative = await a.userWithRole('representant', 'rep');
  const res = await call(
    'POST',
    '/api/establishments/client-signup',
    {
      establishment: {
        name,
        email: 'hello@shop.example',
        phone: '+421 2 1234 5678',
        address1: 'Main Street 1',
        city: 'Bratislava',
        state: 'Bratislava Region',
        zip: '811 01',
        country: 'Slovakia',
        businessId: '12345678',
        taxId: '2020123456',
        vatNumber: 'SK2020123456',
      },
      client: {
        firstName: 'Rita',
        lastName: 'Signed',
        email: `rep-client-${randomUUID()}@example.test`,
        phone: '+421 900 000 001',
      },
    },
    representative.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { representative, establishment: res.json<{ establishment: Establishment }>().establishment };
}

/** A follower whose email is not (or no longer) confirmed: written to the database as setup. */
async function unverifiedFollower(establishmentId: string) {
  const user = await a.followerOf(establishmentId, 'unverified');
  await t.ctx.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
  return user;
}

describe('reading comments', () => {
  it('pages a post’s comments oldest first to its readers, removed ones left out', async () => {
    const { establishment, client, post, follower } = await scene('Paging Pub');
    const other = await a.followerOf(establishment.id, 'other');
    const texts = ['first', 'second', 'third', 'fourth', 'fifth'];
    const written: Comment[] = [];
    for (const [i, text] of texts.entries())
      written.push(await comment(i % 2 ? other : follower, post.id, text));
    const removed = await call('DELETE', `/api/comments/${written[2]!.id}`, undefined, client.token);
    expect(removed.statusCode, removed.body).toBe(200);

    const seen: Comment[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: CommentPage = await page(
        follower,
        post.id,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(result.items.length).toBeLessThanOrEqual(2);
      expect(result).toMatchObject({ enabled: true, postEnabled: true, establishmentEnabled: true });
      expect(result.canModerate).toBe(false);
      seen.push(...result.items);
      cursor = result.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen.map((c) => c.text)).toEqual(['first', 'second', 'fourth', 'fifth']);
    expect(seen[0]).toMatchObject({
      author: { id: follower.id, name: 'Test follower', avatar: null },
      editedAt: null,
      mine: true,
      canEdit: true,
      canDelete: true,
    });
    expect(seen[1]).toMatchObject({ mine: false, canEdit: false, canDelete: false });

    // The operator reads them too, may moderate, and may remove any but edit none of them.
    const asOperator = await page(client, post.id);
    expect(asOperator.canModerate).toBe(true);
    expect(asOperator.items.every((c) => c.canDelete && !c.canEdit)).toBe(true);

    // Every feed and the post say how many there are.
    const [inFeed] = await postsOf(establishment.id, follower);
    expect(inFeed!.comments).toEqual({ count: 4, enabled: true });
    const detail = await call('GET', `/api/notifications/${post.id}`, undefined, follower.token);
    expect(detail.json<{ post: Post }>().post.comments).toEqual({ count: 4, enabled: true });
  });

  it('refuses guests, strangers, bad paging and what is not a post; an unverified follower reads', async () => {
    const { establishment, client, post, follower } = await scene('Reading Rights Bar');
    const stranger = await a.followerOf((await business('Elsewhere Deli')).establishment.id, 'stranger');
    const unverified = await unverifiedFollower(establishment.id);
    expectError(await call('GET', commentsUrl(post.id)), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('GET', commentsUrl(post.id), undefined, stranger.token), 403, ErrorCode.FORBIDDEN);
    expect((await call('GET', commentsUrl(post.id), undefined, unverified.token)).statusCode).toBe(200);
    expectError(
      await call('GET', commentsUrl(post.id, '?cursor=garbage'), undefined, client.token),
      400,
      ErrorCode.VALIDATION,
      { cursor: CommentMsg.invalidCursor },
    );
    for (const query of ['?limit=0', '?limit=51', '?limit=two']) {
      expectError(
        await call('GET', commentsUrl(post.id, query), undefined, client.token),
        400,
        ErrorCode.VALIDATION,
      );
    }
    expectError(
      await call('GET', commentsUrl('not-a-uuid'), undefined, client.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(
      await call('GET', commentsUrl(randomUUID()), undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // A push-only notification has no comments.
    const pushOnly = await sendOk(client, establishment.id, { text: 'Push only', post: false });
    expectError(
      await call('GET', commentsUrl(pushOnly.id), undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // Nor has a deleted post.
    const gone = await sendOk(client, establishment.id, { text: 'Soon deleted', post: true });
    expect((await call('DELETE', `/api/notifications/${gone.id}`, undefined, client.token)).statusCode).toBe(
      200,
    );
    expectError(await call('GET', commentsUrl(gone.id), undefined, client.token), 404, ErrorCode.NOT_FOUND);
    // A blocked business: as in the feeds, its followers are told so; those who may send for it still read.
    await comment(follower, post.id, 'Before the block');
    const block = await call('POST', `/api/establishments/${establishment.id}/block`, undefined, admin.token);
    expect(block.statusCode, block.body).toBe(200);
    for (const res of [
      await call('GET', commentsUrl(post.id), undefined, follower.token),
      await call('POST', commentsUrl(post.id), { text: 'During the block' }, follower.token),
    ]) {
      expectError(res, 403, ErrorCode.ESTABLISHMENT_BLOCKED);
    }
    expect((await page(client, post.id)).items.map((c) => c.text)).toEqual(['Before the block']);
  });
});

describe('writing comments', () => {
  it('lets a follower, an operator and an admin comment; answers 201 with the comment', async () => {
    const { client, post, follower } = await scene('Writing Wine Bar');
    const res = await call(
      'POST',
      commentsUrl(post.id),
      { text: '  See you at 5! https://example.com  ' },
      follower.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ comment: Comment; message: string }>();
    expect(body.message).toBe(CommentMsg.created);
    expect(body.comment).toMatchObject({
      text: 'See you at 5! https://example.com',
      author: { id: follower.id },
      mine: true,
      canEdit: true,
      canDelete: true,
    });
    expect(Date.parse(body.comment.createdAt)).not.toBeNaN();
    await comment(client, post.id, 'Cheers, see you!');
    await comment(admin, post.id, 'Admin says hello');
    await comment(follower, post.id, 'x'.repeat(COMMENT_TEXT_MAX));
    expect((await page(follower, post.id)).items).toHaveLength(4);
  });

  it('refuses guests, followers of another establishment, unverified followers and its representative', async () => {
    const { establishment, post } = await scene('Writing Rights Café');
    const stranger = await a.followerOf((await business('Other Bakery')).establishment.id, 'stranger');
    const unverified = await unverifiedFollower(establishment.id);
    const ok = { text: 'Hello' };
    expectError(await call('POST', commentsUrl(post.id), ok), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('POST', commentsUrl(post.id), ok, stranger.token), 403, ErrorCode.FORBIDDEN);
    expectError(
      await call('POST', commentsUrl(post.id), ok, unverified.token),
      403,
      ErrorCode.EMAIL_NOT_VERIFIED,
    );

    // The representative who registered a business reads and moderates its comments, but writes none.
    const represented = await representedBusiness('Represented Ramen');
    const client = await a.clientOf(admin, represented.establishment.id);
    const theirPost = await sendOk(client, represented.establishment.id, { text: 'Ramen night', post: true });
    const rep = represented.representative;
    expect((await page(rep, theirPost.id)).canModerate).toBe(true);
    expectError(await call('POST', commentsUrl(theirPost.id), ok, rep.token), 403, ErrorCode.FORBIDDEN);
  });

  it('answers 400 on the text field for empty, too long, wrong type and control characters', async () => {
    const { post, follower } = await scene('Validating Vinoteka');
    const bad: [unknown, string][] = [
      [{}, CommentMsg.required],
      [{ text: '' }, CommentMsg.required],
      [{ text: ' \n\t ' }, CommentMsg.required],
      [{ text: null }, CommentMsg.required],
      [{ text: 'y'.repeat(COMMENT_TEXT_MAX + 1) }, CommentMsg.tooLong],
      [{ text: 42 }, CommentMsg.notText],
      [{ text: ['a'] }, CommentMsg.notText],
      [{ text: 'nul \u0000 here' }, CommentMsg.badCharacter],
    ];
    for (const [body, message] of bad) {
      expectError(await call('POST', commentsUrl(post.id), body, follower.token), 400, ErrorCode.VALIDATION, {
        text: message,
      });
    }
    expectError(
      await call('POST', commentsUrl('nope'), { text: 'Hi' }, follower.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(
      await call('POST', commentsUrl(randomUUID()), { text: 'Hi' }, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect((await page(follower, post.id)).items).toHaveLength(0);
  });

  it('refuses a comment on a push-only notification, a scheduled send or a deleted post (404)', async () => {
    const { establishment, client, follower } = await scene('Not A Post Pizzeria');
    const pushOnly = await sendOk(client, establishment.id, { text: 'Push only', post: false });
    expectError(
      await call('POST', commentsUrl(pushOnly.id), { text: 'Hi' }, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // A send still waiting for its time.
    const waiting = await sendOk(client, establishment.id, {
      text: 'Later',
      post: true,
      scheduledFor: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(waiting.delivery?.status).toBe('scheduled');
    expectError(
      await call('POST', commentsUrl(waiting.id), { text: 'Hi' }, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    const deleted = await sendOk(client, establishment.id, { text: 'Deleted', post: true });
    expect(
      (await call('DELETE', `/api/notifications/${deleted.id}`, undefined, client.token)).statusCode,
    ).toBe(200);
    expectError(
      await call('POST', commentsUrl(deleted.id), { text: 'Hi' }, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('editing and removing comments', () => {
  it('the author edits and removes their own; nobody edits another’s', async () => {
    const { client, post, follower, establishment } = await scene('Moderated Meadery');
    const other = await a.followerOf(establishment.id, 'other');
    const mine = await comment(follower, post.id, 'Typo in my comment');

    expectError(await call('PATCH', `/api/comments/${mine.id}`, { text: 'x' }), 401, ErrorCode.UNAUTHORIZED);
    for (const user of [other, client]) {
      expectError(
        await call('PATCH', `/api/comments/${mine.id}`, { text: 'Hijacked' }, user.token),
        403,
        ErrorCode.FORBIDDEN,
      );
    }
    expectError(
      await call('PATCH', `/api/comments/${mine.id}`, { text: '' }, follower.token),
      400,
      ErrorCode.VALIDATION,
      { text: CommentMsg.required },
    );
    expectError(
      await call(
        'PATCH',
        `/api/comments/${mine.id}`,
        { text: 'z'.repeat(COMMENT_TEXT_MAX + 1) },
        follower.token,
      ),
      400,
      ErrorCode.VALIDATION,
      { text: CommentMsg.tooLong },
    );
    const edited = await call('PATCH', `/api/comments/${mine.id}`, { text: 'Fixed comment' }, follower.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: CommentMsg.updated,
      comment: { text: 'Fixed comment', mine: true },
    });
    expect(edited.json<{ comment: Comment }>().comment.editedAt).not.toBeNull();
    expect((await page(other, post.id)).items[0]).toMatchObject({ text: 'Fixed comment', mine: false });

    // Someone else removing it is refused; its author removes it, and then it is gone for everyone.
    expectError(await call('DELETE', `/api/comments/${mine.id}`), 401, ErrorCode.UNAUTHORIZED);
    expectError(
      await call('DELETE', `/api/comments/${mine.id}`, undefined, other.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    const removed = await call('DELETE', `/api/comments/${mine.id}`, undefined, follower.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: CommentMsg.deleted });
    expect((await page(other, post.id)).items).toHaveLength(0);
    expectError(
      await call('DELETE', `/api/comments/${mine.id}`, undefined, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await call('PATCH', `/api/comments/${mine.id}`, { text: 'Back?' }, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await call('DELETE', '/api/comments/not-a-uuid', undefined, follower.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(
      await call('PATCH', `/api/comments/${randomUUID()}`, { text: 'Hi' }, follower.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('operators, the registering representative and admins remove anyone’s comment; an operator elsewhere may not', async () => {
    const represented = await representedBusiness('Moderation Mill');
    const { establishment, representative } = represented;
    const client = await a.clientOf(admin, establishment.id);
    const post = await sendOk(client, establishment.id, { text: 'Flour sale', post: true });
    const follower = await a.followerOf(establishment.id);
    const elsewhere = await business('Other Operator Oven');

    const one = await comment(follower, post.id, 'Spam one');
    const two = await comment(follower, post.id, 'Spam two');
    const three = await comment(follower, post.id, 'Spam three');
    const byOperator = await comment(client, post.id, 'Operator note');

    expectError(
      await call('DELETE', `/api/comments/${one.id}`, undefined, elsewhere.client.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    // A follower may not remove the operator's comment either.
    expectError(
      await call('DELETE', `/api/comments/${byOperator.id}`, undefined, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    for (const [user, target] of [
      [client, one],
      [representative, two],
      [admin, three],
    ] as const) {
      const res = await call('DELETE', `/api/comments/${target.id}`, undefined, user.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await page(follower, post.id)).items.map((c) => c.text)).toEqual(['Operator note']);
    // Not even an admin rewrites someone's words: they remove, which is recorded.
    expectError(
      await call('PATCH', `/api/comments/${byOperator.id}`, { text: 'Edited by admin' }, admin.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expect((await page(follower, post.id)).items.map((c) => c.text)).toEqual(['Operator note']);
  });
});

describe('turning comments off', () => {
  it('per post: moderators switch it; then no new comment and no edit, removing still works', async () => {
    const { client, post, follower, establishment } = await scene('Switch Saloon');
    const before = await comment(follower, post.id, 'Before the switch');
    const settings = `/api/notifications/${post.id}/comment-settings`;

    expectError(await call('PATCH', settings, { enabled: false }), 401, ErrorCode.UNAUTHORIZED);
    // A customer can never moderate: refused before the body is read.
    expectError(await call('PATCH', settings, { enabled: 'nope' }, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('PATCH', settings, { enabled: false }, follower.token), 403, ErrorCode.FORBIDDEN);
    const elsewhere = await business('Switch Elsewhere');
    expectError(
      await call('PATCH', settings, { enabled: false }, elsewhere.client.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(await call('PATCH', settings, { enabled: 'no' }, client.token), 400, ErrorCode.VALIDATION, {
      enabled: 'enabled must be true or false',
    });
    expectError(await call('PATCH', settings, {}, client.token), 400, ErrorCode.VALIDATION);
    expectError(
      await call(
        'PATCH',
        `/api/notifications/${randomUUID()}/comment-settings`,
        { enabled: false },
        client.token,
      ),
      404,
      ErrorCode.NOT_FOUND,
    );

    const off = await call('PATCH', settings, { enabled: false }, client.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: CommentMsg.turnedOff,
      post: { id: post.id, comments: { count: 1, enabled: false } },
    });

    const refused = expectError(
      await call('POST', commentsUrl(post.id), { text: 'After the switch' }, follower.token),
      403,
      ErrorCode.COMMENTS_DISABLED,
    );
    expect(refused.error).toBe(CommentMsg.disabled);
    expectError(
      await call('PATCH', `/api/comments/${before.id}`, { text: 'Sneaky edit' }, follower.token),
      403,
      ErrorCode.COMMENTS_DISABLED,
    );
    const list = await page(follower, post.id);
    expect(list).toMatchObject({ enabled: false, postEnabled: false, establishmentEnabled: true });
    expect(list.items[0]).toMatchObject({ canEdit: false, canDelete: true });
    expect((await postsOf(establishment.id, follower))[0]!.comments.enabled).toBe(false);

    // The admin turns them on again; then they are taken.
    const on = await call('PATCH', settings, { enabled: true }, admin.token);
    expect(on.json()).toMatchObject({ message: CommentMsg.turnedOn, post: { comments: { enabled: true } } });
    await comment(follower, post.id, 'Back on');
    const removed = await call('DELETE', `/api/comments/${before.id}`, undefined, follower.token);
    expect(removed.statusCode).toBe(200);
  });

  it('per establishment: its operator turns "Followers may comment" off in the profile', async () => {
    const { client, post, follower, establishment } = await scene('Profile Switch Pub');
    const profile = await call('GET', `/api/establishments/${establishment.id}`, undefined, client.token);
    const current = profile.json<{ establishment: Establishment }>().establishment;
    expect(current.commentsEnabled).toBe(true);
    const { name, subheader, email, phone, website, address1, address2, city, state, zip, country } = current;
    const fields = {
      ...{ name, subheader, email, phone, website, address1, address2, city, state, zip, country },
      businessId: current.businessId,
      taxId: current.taxId,
      vatNumber: current.vatNumber,
      timeZone: current.timeZone,
      active: current.active,
    };
    expectError(
      await call(
        'PUT',
        `/api/establishments/${establishment.id}`,
        { ...fields, commentsEnabled: 'off' },
        client.token,
      ),
      400,
      ErrorCode.VALIDATION,
      { commentsEnabled: 'commentsEnabled must be true or false' },
    );
    const saved = await call(
      'PUT',
      `/api/establishments/${establishment.id}`,
      { ...fields, commentsEnabled: false },
      client.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: Msg.establishmentUpdated,
      establishment: { commentsEnabled: false },
    });

    expectError(
      await call('POST', commentsUrl(post.id), { text: 'Anyone?' }, follower.token),
      403,
      ErrorCode.COMMENTS_DISABLED,
    );
    // The post's own switch on does not override the establishment's.
    const on = await call(
      'PATCH',
      `/api/notifications/${post.id}/comment-settings`,
      { enabled: true },
      client.token,
    );
    expect(on.json<{ post: Post }>().post.comments.enabled).toBe(false);
    expect(await page(follower, post.id)).toMatchObject({
      enabled: false,
      postEnabled: true,
      establishmentEnabled: false,
    });

    // A profile saved without the field (as `active`) puts the default back: comments on.
    const back = await call('PUT', `/api/establishments/${establishment.id}`, fields, client.token);
    expect(back.json<{ establishment: Establishment }>().establishment.commentsEnabled).toBe(true);
    await comment(follower, post.id, 'Open again');
  });
});
