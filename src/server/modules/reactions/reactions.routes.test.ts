/**
 * Reactions over HTTP: PUT and DELETE /api/notifications/{id}/reaction and GET
 * /api/notifications/{id}/reactions, on the real app and database. Each route meets a guest (401),
 * the roles that may not (403), bad input (400, naming the field), what is not a post (404) and
 * those who may. The one-reaction rule is tried under concurrent requests, and the feeds and the
 * post page must answer the new counts and the reader's own reaction.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { establishmentFields, type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { FeedPage, Post, ReactionSummary } from '../../../shared/schemas/notification.schema';
import { REACTION_KIND_MESSAGE, type ReactionList } from '../../../shared/schemas/reaction.schema';
import { REACTION_KINDS, type ReactionKind } from '../../../shared/schemas/reaction-kinds';

setupNotificationsApp();

const reactionUrl = (id: string) => `/api/notifications/${id}/reaction`;
const listUrl = (id: string, query = '') => `/api/notifications/${id}/reactions${query ? `?${query}` : ''}`;

const put = (id: string, kind: unknown, user?: Session) =>
  call('PUT', reactionUrl(id), { kind }, user?.token);
const remove = (id: string, user?: Session) => call('DELETE', reactionUrl(id), undefined, user?.token);

async function react(id: string, kind: ReactionKind, user: Session): Promise<ReactionSummary> {
  const res = await put(id, kind, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reactions: ReactionSummary }>().reactions;
}

async function unreact(id: string, user: Session): Promise<ReactionSummary> {
  const res = await remove(id, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reactions: ReactionSummary }>().reactions;
}

async function reactors(id: string, user: Session, query = ''): Promise<ReactionList> {
  const res = await call('GET', listUrl(id, query), undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReactionList>();
}

/** The post as this user's post page, social feed and establishment feed answer it. */
async function seenBy(user: Session, post: Post) {
  const page = await call('GET', `/api/notifications/${post.id}`, undefined, user.token);
  expect(page.statusCode, page.body).toBe(200);
  const feed = await call('GET', '/api/feed', undefined, user.token);
  expect(feed.statusCode, feed.body).toBe(200);
  const posts = await call(
    'GET',
    `/api/establishments/${post.establishment.id}/posts`,
    undefined,
    user.token,
  );
  expect(posts.statusCode, posts.body).toBe(200);
  return {
    page: page.json<{ post: Post }>().post.reactions,
    feed: feed.json<FeedPage>().items.find((item) => item.id === post.id)?.reactions,
    establishment: posts.json<FeedPage>().items.find((item) => item.id === post.id)!.reactions,
  };
}

/** A shop with an operating client, one post and a follower. */
async function postWithFollower(name: string) {
  const { establishment, client } = await business(name);
  const post = await sendOk(client, establishment.id, { text: `News of ${name}`, post: true });
  const follower = await a.followerOf(establishment.id);
  return { establishment, client, post, follower };
}

/** Someone who registered from the business's page (so follows it) and has not confirmed their email. */
async function unverifiedFollower(publicId: string): Promise<Session> {
  const email = uniqueEmail('unconfirmed');
  const res = await call('POST', '/api/account/register', {
    firstName: 'Una',
    lastName: 'Confirmed',
    email,
    phone: '+421 900 123 456',
    terms: true,
    establishmentId: publicId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await t.mail.waitFor(email);
  const password = /Your password for signing in: (\S+)/.exec(mail.text)![1]!;
  const login = await call('POST', '/api/account/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  return { id: '', email, token: login.json<{ accessToken: string }>().accessToken };
}

const sql = async (text: string, values: unknown[] = []) =>
  (await t.ctx.database.sql.executeSql(text, values)).rows as Record<string, unknown>[];

describe('setting, changing and removing a reaction', () => {
  it('a follower reacts, changes it and takes it back; every feed and the post page answer the counts and their own', async () => {
    const { post, follower, client } = await postWithFollower('Reaction Cafe');
    const other = await a.followerOf(post.establishment.id, 'other');
    expect(post.reactions).toEqual({ counts: [], mine: null });

    expect(await react(post.id, 'like', follower)).toEqual({
      counts: [{ kind: 'like', count: 1 }],
      mine: 'like',
    });
    expect(await react(post.id, 'celebrate', other)).toEqual({
      counts: [
        { kind: 'like', count: 1 },
        { kind: 'celebrate', count: 1 },
      ],
      mine: 'celebrate',
    });
    // Changing it: still one reaction of theirs.
    expect(await react(post.id, 'love', follower)).toEqual({
      counts: [
        { kind: 'love', count: 1 },
        { kind: 'celebrate', count: 1 },
      ],
      mine: 'love',
    });
    // The same again changes nothing.
    expect((await react(post.id, 'love', follower)).counts).toHaveLength(2);

    const counts = [
      { kind: 'love', count: 1 },
      { kind: 'celebrate', count: 1 },
    ];
    expect(await seenBy(follower, post)).toEqual({
      page: { counts, mine: 'love' },
      feed: { counts, mine: 'love' },
      establishment: { counts, mine: 'love' },
    });
    expect(await seenBy(other, post)).toEqual({
      page: { counts, mine: 'celebrate' },
      feed: { counts, mine: 'celebrate' },
      establishment: { counts, mine: 'celebrate' },
    });
    // The operator sees the counts too, with no reaction of their own.
    const operator = await seenBy(client, post);
    expect(operator.page).toEqual({ counts, mine: null });
    expect(operator.establishment).toEqual({ counts, mine: null });

    expect(await unreact(post.id, follower)).toEqual({
      counts: [{ kind: 'celebrate', count: 1 }],
      mine: null,
    });
    // Removing what is not there is fine.
    expect(await unreact(post.id, follower)).toEqual({
      counts: [{ kind: 'celebrate', count: 1 }],
      mine: null,
    });
    expect((await seenBy(follower, post)).page).toEqual({
      counts: [{ kind: 'celebrate', count: 1 }],
      mine: null,
    });
    const rows = await sql(
      'SELECT user_id::text AS user, kind FROM post_reactions WHERE notification_id = $1',
      [post.id],
    );
    expect(rows).toEqual([{ user: other.id, kind: 'celebrate' }]);
  });

  it('an operating client and an admin may react; every kind is counted in its order', async () => {
    const { post, follower, client } = await postWithFollower('Reaction Kinds');
    expect((await react(post.id, 'wow', client)).mine).toBe('wow');
    expect((await react(post.id, 'sad', admin)).mine).toBe('sad');
    const summary = await react(post.id, 'laugh', follower);
    expect(summary.counts).toEqual([
      { kind: 'laugh', count: 1 },
      { kind: 'wow', count: 1 },
      { kind: 'sad', count: 1 },
    ]);
    expect(summary.counts.map((c) => c.kind)).toEqual(
      REACTION_KINDS.filter((k) => ['laugh', 'wow', 'sad'].includes(k)),
    );
  });
});

describe('the one-reaction rule under concurrent requests', { tags: ['postgres'] }, () => {
  it('20 parallel requests of one user with different kinds leave one row, and the counts sum to 1', async () => {
    const { post, follower } = await postWithFollower('Race Bar');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put(post.id, REACTION_KINDS[i % REACTION_KINDS.length], follower)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const rows = await sql('SELECT kind FROM post_reactions WHERE notification_id = $1', [post.id]);
    expect(rows).toHaveLength(1);
    const seen = (await seenBy(follower, post)).page;
    expect(seen.counts.reduce((sum, c) => sum + c.count, 0)).toBe(1);
    expect(seen).toEqual({ counts: [{ kind: rows[0]!.kind, count: 1 }], mine: rows[0]!.kind });
  });

  it('many users reacting, changing and removing at once give exact counts', async () => {
    const { establishment, client } = await business('Crowded Club');
    const post = await sendOk(client, establishment.id, { text: 'Party tonight', post: true });
    const people = await Promise.all(
      Array.from({ length: 24 }, (_, i) => a.followerOf(establishment.id, `crowd-${i}`)),
    );
    // Everyone reacts at once; then, at once, a third change their mind and a sixth take it back.
    await Promise.all(people.map((p, i) => react(post.id, REACTION_KINDS[i % 3]!, p)));
    await Promise.all(
      people.map((p, i) =>
        i % 6 === 5
          ? unreact(post.id, p)
          : i % 3 === 0
            ? react(post.id, 'celebrate', p)
            : react(post.id, REACTION_KINDS[i % 3]!, p),
      ),
    );
    // Of the 8 each of like, love and laugh: the likes all became celebrate, the loves stayed, and
    // 4 of the laughs (i % 6 == 5) were taken back.
    const expected = [
      { kind: 'love', count: 8 },
      { kind: 'laugh', count: 4 },
      { kind: 'celebrate', count: 8 },
    ];
    const seen = await seenBy(client, post);
    expect(seen.page).toEqual({ counts: expected, mine: null });
    const [row] = await sql('SELECT count(*)::int AS n FROM post_reactions WHERE notification_id = $1', [
      post.id,
    ]);
    expect(row!.n).toBe(20);
  });
});

describe('who may react', () => {
  it('a guest gets 401 on every route', async () => {
    const { post } = await postWithFollower('Guest Grill');
    expectError(await put(post.id, 'like'), 401, ErrorCode.UNAUTHORIZED);
    expectError(await remove(post.id), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('GET', listUrl(post.id)), 401, ErrorCode.UNAUTHORIZED);
    // Even with a body that would not validate: the session comes first.
    expectError(await put(post.id, 'shrug'), 401, ErrorCode.UNAUTHORIZED);
  });

  it('a follower or client of another establishment and a representative who did not register it get 403', async () => {
    const { post } = await postWithFollower('Own Oven');
    const elsewhere = await business('Other Oven');
    const otherFollower = await a.followerOf(elsewhere.establishment.id, 'elsewhere');
    const stranger = await a.userWithRole('representant', 'stranger');
    for (const user of [otherFollower, elsewhere.client, stranger]) {
      expectError(await put(post.id, 'like', user), 403, ErrorCode.FORBIDDEN);
      expectError(await remove(post.id, user), 403, ErrorCode.FORBIDDEN);
    }
    const [row] = await sql('SELECT count(*)::int AS n FROM post_reactions WHERE notification_id = $1', [
      post.id,
    ]);
    expect(row!.n).toBe(0);
  });

  it('a follower who has not confirmed their email reacts already: the post a push opens is theirs to read', async () => {
    const { post, establishment } = await postWithFollower('Waiting Wine');
    const waiting = await unverifiedFollower(establishment.publicId);
    const liked = await put(post.id, 'like', waiting);
    expect(liked.statusCode, liked.body).toBe(200);
    const removed = await remove(post.id, waiting);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('refuses a kind that is not one of ours, naming the field', async () => {
    const { post, follower } = await postWithFollower('Odd Kinds');
    for (const kind of ['shrug', '', 'LIKE', 1, null]) {
      expectError(await put(post.id, kind, follower), 400, ErrorCode.VALIDATION, {
        kind: REACTION_KIND_MESSAGE,
      });
    }
    expectError(await call('PUT', reactionUrl(post.id), {}, follower.token), 400, ErrorCode.VALIDATION, {
      kind: REACTION_KIND_MESSAGE,
    });
    expectError(await put('not-a-uuid', 'like', follower), 400, ErrorCode.VALIDATION, { id: Msg.notFound });
    expectError(await remove('not-a-uuid', follower), 400, ErrorCode.VALIDATION, { id: Msg.notFound });
  });

  it('404 for what is not a post now: unknown, push-only, deleted, scheduled, of a deleted establishment', async () => {
    const { establishment, client, post, follower } = await postWithFollower('Missing Menu');
    const pushOnly = await sendOk(client, establishment.id, { text: 'Push only', post: false });
    const deleted = await sendOk(client, establishment.id, { text: 'Soon gone', post: true });
    expect(
      (await call('DELETE', `/api/notifications/${deleted.id}`, undefined, client.token)).statusCode,
    ).toBe(200);
    const [scheduled] = await sql(
      `INSERT INTO notifications (establishment_id, author_id, text, in_feed, status, scheduled_for)
       VALUES ($1, $2, 'Later', true, 'scheduled', now() + interval '1 day') RETURNING id::text AS id`,
      [establishment.id, client.id],
    );
    for (const id of [randomUUID(), pushOnly.id, deleted.id, scheduled!.id as string]) {
      expectError(await put(id, 'like', follower), 404, ErrorCode.NOT_FOUND);
      expectError(await remove(id, follower), 404, ErrorCode.NOT_FOUND);
      expectError(await call('GET', listUrl(id), undefined, client.token), 404, ErrorCode.NOT_FOUND);
    }
    expect(
      (await call('DELETE', `/api/establishments/${establishment.id}`, undefined, admin.token)).statusCode,
    ).toBe(200);
    expectError(await put(post.id, 'like', admin), 404, ErrorCode.NOT_FOUND);
    expectError(await call('GET', listUrl(post.id), undefined, admin.token), 404, ErrorCode.NOT_FOUND);
  });

  it('a blocked establishment: its followers get what the feeds answer, its operators and admins go on', async () => {
    const { establishment, client, post, follower } = await postWithFollower('Blocked Brewery');
    await react(post.id, 'like', follower);
    expect(
      (await call('POST', `/api/establishments/${establishment.id}/block`, undefined, admin.token))
        .statusCode,
    ).toBe(200);
    const feed = await call(
      'GET',
      `/api/establishments/${establishment.id}/posts`,
      undefined,
      follower.token,
    );
    expectError(feed, 403, ErrorCode.ESTABLISHMENT_BLOCKED);
    const body = expectError(await put(post.id, 'love', follower), 403, ErrorCode.ESTABLISHMENT_BLOCKED);
    expect(body.error).toBe(Msg.establishmentBlocked);
    expectError(await remove(post.id, follower), 403, ErrorCode.ESTABLISHMENT_BLOCKED);
    expect((await reactors(post.id, client)).items).toHaveLength(1);
    expect(await react(post.id, 'wow', admin)).toMatchObject({ mine: 'wow' });
  });
});

describe('who reacted', () => {
  it('the operators see who reacted, newest first, a page at a time and by kind', async () => {
    const { establishment, client, post } = await postWithFollower('Listed Lounge');
    const people: Session[] = [];
    for (let i = 0; i < 5; i++) people.push(await a.followerOf(establishment.id, `lister-${i}`));
    const kinds: ReactionKind[] = ['like', 'love', 'like', 'wow', 'like'];
    for (const [i, person] of people.entries()) await react(post.id, kinds[i]!, person);
    // Reacted one minute apart, the first longest ago.
    for (const [i, person] of people.entries()) {
      await sql(
        `UPDATE post_reactions SET created_at = now() - make_interval(mins => $3) WHERE notification_id = $1 AND user_id = $2`,
        [post.id, person.id, 10 - i],
      );
    }
    await sql(`UPDATE users SET avatar = 'avatar-of-lister' WHERE id = $1`, [people[4]!.id]);

    const seen: ReactionList['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ReactionList = await reactors(
        post.id,
        client,
        `limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((r) => r.user.id)).toEqual([...people].reverse().map((p) => p.id));
    expect(seen.map((r) => r.kind)).toEqual([...kinds].reverse());
    expect(seen[0]).toEqual({
      user: { id: people[4]!.id, name: 'Test lister-4', avatar: 'avatar-of-lister' },
      kind: 'like',
      createdAt: expect.any(String),
    });
    expect(seen[1]!.user.avatar).toBeNull();
    expect(Date.parse(seen[0]!.createdAt)).toBeGreaterThan(Date.parse(seen[1]!.createdAt));

    const likes = await reactors(post.id, client, 'kind=like');
    expect(likes.items.map((r) => r.user.id)).toEqual([people[4]!.id, people[2]!.id, people[0]!.id]);
    expect(likes.nextCursor).toBeNull();
    expect((await reactors(post.id, client, 'kind=sad')).items).toEqual([]);

    // Changing the kind keeps the time: still in its place, with the new kind.
    await react(post.id, 'celebrate', people[0]!);
    const after = await reactors(post.id, client);
    expect(after.items.at(-1)).toMatchObject({ user: { id: people[0]!.id }, kind: 'celebrate' });
    expect(after.items.at(-1)!.createdAt).toBe(seen.at(-1)!.createdAt);
  });

  it('pages through reactions made within one millisecond without losing any', async () => {
    const { establishment, client, post } = await postWithFollower('Same Moment');
    const people: Session[] = [];
    for (let i = 0; i < 4; i++) people.push(await a.followerOf(establishment.id, `moment-${i}`));
    for (const person of people) await react(post.id, 'like', person);
    const times = ['12:00:00.123900', '12:00:00.123400', '12:00:00.123000', '12:00:00.122999'];
    for (const [i, person] of people.entries()) {
      await sql(
        `UPDATE post_reactions SET created_at = ('2026-01-01 ' || $3)::timestamptz WHERE notification_id = $1 AND user_id = $2`,
        [post.id, person.id, times[i]],
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ReactionList = await reactors(
        post.id,
        client,
        `limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((r) => r.user.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect([...seen].sort()).toEqual(people.map((p) => p.id).sort());
    expect(seen.at(-1)).toBe(people[3]!.id);
  });

  it('the representative who registered the business and admins may list; followers, other operators and guests may not', async () => {
    const representative = await a.userWithRole('representant', 'registrar');
    const signup = await call(
      'POST',
      '/api/establishments/client-signup',
      {
        client: {
          firstName: 'Rita',
          lastName: 'Owner',
          email: uniqueEmail('rita'),
          phone: '+421 900 111 222',
        },
        establishment: establishmentFields('Registered Deli'),
      },
      representative.token,
    );
    expect(signup.statusCode, signup.body).toBe(201);
    const deli = signup.json<{ establishment: { id: string } }>().establishment;
    const post = await sendOk(representative, deli.id, { text: 'Opening soon', post: true });
    const follower = await a.followerOf(deli.id, 'deli-fan');
    await react(post.id, 'love', follower);

    expect((await reactors(post.id, representative)).items).toHaveLength(1);
    expect((await reactors(post.id, admin)).items).toHaveLength(1);
    // Reacting is for its followers and operators: the representative does neither.
    expectError(await put(post.id, 'like', representative), 403, ErrorCode.FORBIDDEN);

    const other = await business('Not Their Deli');
    const stranger = await a.userWithRole('representant', 'other-rep');
    for (const user of [other.client, stranger]) {
      expectError(await call('GET', listUrl(post.id), undefined, user.token), 403, ErrorCode.FORBIDDEN);
    }
    // A customer never may, whatever they ask: refused before the query is read.
    expectError(
      await call('GET', listUrl(post.id, 'kind=nope'), undefined, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );
  });

  it('refuses a bad kind, cursor or limit, naming the field', async () => {
    const { client, post } = await postWithFollower('Bad Query Bistro');
    const ask = (query: string) => call('GET', listUrl(post.id, query), undefined, client.token);
    expectError(await ask('kind=shrug'), 400, ErrorCode.VALIDATION, { kind: REACTION_KIND_MESSAGE });
    expectError(await ask('cursor=garbage'), 400, ErrorCode.VALIDATION, {
      cursor: expect.any(String) as never,
    });
    const limit = expectError(await ask('limit=500'), 400, ErrorCode.VALIDATION);
    expect(Object.keys(limit.fields ?? {})).toEqual(['limit']);
    expectError(await ask('limit=0'), 400, ErrorCode.VALIDATION);
    expectError(
      await call('GET', listUrl('not-a-uuid'), undefined, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        id: Msg.notFound,
      },
    );
  });

  it('are listed in /api/docs with who may call them', async () => {
    const paths = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
    }>().paths;
    expect(paths['/api/notifications/{id}/reaction']?.put?.operationId).toBe('setReaction');
    expect(paths['/api/notifications/{id}/reaction']?.delete?.operationId).toBe('removeReaction');
    expect(paths['/api/notifications/{id}/reactions']?.get?.description).toContain('reaction:list');
  });
});
