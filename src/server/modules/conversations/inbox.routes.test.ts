/**
 * The lists, through HTTP on a real database: a business's inbox (every filter, newest first,
 * paged by cursor across conversations of the same instant, the unread count on every page, the
 * last one included) and a follower's own list; who may read an inbox is settled before its query;
 * readers asking at the same time share a read no older than their request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import type { ConversationPage } from '../../../shared/schemas/conversation.schema';
import { conversationMessages, conversations } from '../../db/schema';
import { encodeCursor } from '../notifications/notification.dto';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture();
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

async function get(user: Session, url: string, status = 200) {
  const res = await a.call('GET', url, undefined, user.token);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<ConversationPage>();
}

/** Every page of a list, following nextCursor, with the unread count each page answered. */
async function allPages(user: Session, url: string, limit: number) {
  const ids: string[] = [];
  const unread: number[] = [];
  let cursor: string | null = null;
  do {
    const page: ConversationPage = await get(
      user,
      `${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    unread.push(page.unread);
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, unread };
}

describe('the inbox list', () => {
  it('filters, orders newest first, pages through ties and counts unread on every page', async () => {
    const establishment = await a.establishment(admin, 'Paging Pub');
    const operator = await a.clientOf(admin, establishment.id, 'pager');
    const follower = await a.followerOf(establishment.id, 'asker');
    const others = await Promise.all(
      Array.from({ length: 11 }, (_, i) => a.followerOf(establishment.id, `asker${i}`)),
    );
    // Twelve conversations: four share one instant (the cursor's tie-break by id), one per state.
    const base = Date.parse('2026-03-01T12:00:00.000Z');
    const states = [...others, follower].map((who, i) => ({
      who,
      at: new Date(base + (i < 4 ? 0 : i) * 60_000),
      answered: i % 3 === 0,
      closed: i % 4 === 1,
      unreadByBusiness: i % 3 !== 0,
    }));
    const rows = await t.ctx.db
      .insert(conversations)
      .values(
        states.map((s) => ({
          establishmentId: establishment.id,
          followerId: s.who.id,
          createdAt: s.at,
          lastMessageAt: s.at,
          answered: s.answered,
          unreadByBusiness: s.unreadByBusiness,
          unreadByFollower: s.answered,
          closedAt: s.closed ? s.at : null,
        })),
      )
      .returning({ id: conversations.id, followerId: conversations.followerId });
    await t.ctx.db.insert(conversationMessages).values(
      rows.map((row, i) => ({
        conversationId: row.id,
        authorId: row.followerId,
        fromBusiness: false,
        text: `question ${i}`,
        createdAt: states[i]!.at,
      })),
    );
    const expected = rows
      .map((row, i) => ({ ...row, ...states[i]! }))
      .sort((x, y) => y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : -1));
    const unread = expected.filter((c) => c.unreadByBusiness && !c.closed).length;
    const url = `/api/establishments/${establishment.id}/conversations`;

    const first = await get(operator, url);
    expect(first.items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect(first).toMatchObject({ nextCursor: null, unread });
    const mine = first.items.find((c) => c.follower.id === follower.id)!;
    expect(mine).toMatchObject({
      establishment: { id: establishment.id, name: 'Paging Pub', logo: null },
      postId: null,
      lastMessage: 'question 11',
      lastMessageAt: states[11]!.at.toISOString(),
    });

    const filters: Record<string, (c: (typeof expected)[number]) => boolean> = {
      all: () => true,
      open: (c) => !c.closed,
      answered: (c) => !c.closed && c.answered,
      unanswered: (c) => !c.closed && !c.answered,
      closed: (c) => c.closed,
    };
    for (const [filter, keep] of Object.entries(filters)) {
      const ids = expected.filter(keep).map((c) => c.id);
      for (const limit of [1, 3, 50]) {
        const pages = await allPages(operator, `${url}?filter=${filter}`, limit);
        expect(pages.ids, `${filter}, ${limit} a page`).toEqual(ids);
        expect(new Set(pages.unread)).toEqual(new Set([unread]));
      }
      const page = await get(operator, `${url}?filter=${filter}`);
      expect(page.items.map((c) => [c.answered, c.closed, c.unread])).toEqual(
        expected.filter(keep).map((c) => [c.answered, c.closed, c.unreadByBusiness]),
      );
    }
    expect(await get(operator, `${url}/unread`)).toEqual({ unread });
    // A page past the last conversation: no items, the count all the same.
    const past = encodeCursor({ createdAt: new Date(base - 86_400_000), id: expected[0]!.id });
    expect(await get(operator, `${url}?cursor=${encodeURIComponent(past)}`)).toEqual({
      items: [],
      nextCursor: null,
      unread,
    });

    // The follower's own list: their one conversation, unread on their side once answered.
    const own = await get(follower, '/api/conversations');
    expect(own.items.map((c) => c.id)).toEqual([mine.id]);
    expect(own.unread).toBe(states[11]!.answered ? 1 : 0);
  });

  it('readers asking at the same time share a read, never one older than their request', async () => {
    const establishment = await a.establishment(admin, 'Busy Bistro');
    const [operator, colleague] = await Promise.all([
      a.clientOf(admin, establishment.id, 'busy'),
      a.clientOf(admin, establishment.id, 'colleague'),
    ]);
    const url = `/api/establishments/${establishment.id}/conversations`;
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(i % 2 ? operator : colleague, `${url}?filter=open`)),
    );
    expect(new Set(pages.map((page) => JSON.stringify(page)))).toEqual(
      new Set([JSON.stringify({ items: [], nextCursor: null, unread: 0 })]),
    );
    // A question asked while others read: every request sent after it sees it.
    const asker = await a.followerOf(establishment.id, 'busy-asker');
    const reading = Array.from({ length: 10 }, () => get(operator, url));
    const res = await a.call('POST', url, { text: 'Open on Sunday?' }, asker.token);
    expect(res.statusCode, res.body).toBe(201);
    const after = await Promise.all(Array.from({ length: 10 }, () => get(colleague, url)));
    await Promise.all(reading);
    for (const page of after) {
      expect(page.items.map((c) => c.lastMessage)).toEqual(['Open on Sunday?']);
      expect(page.unread).toBe(1);
    }
  });

  it('an empty inbox counts nothing; a bad cursor is a 400, after who may read it', async () => {
    const establishment = await a.establishment(admin, 'Quiet Cafe');
    const operator = await a.clientOf(admin, establishment.id, 'quiet');
    const stranger = await a.followerOf(establishment.id, 'stranger');
    const url = `/api/establishments/${establishment.id}/conversations`;
    for (const filter of ['all', 'open', 'answered', 'unanswered', 'closed'])
      expect(await get(operator, `${url}?filter=${filter}`)).toEqual({
        items: [],
        nextCursor: null,
        unread: 0,
      });
    expect(await get(stranger, '/api/conversations')).toEqual({ items: [], nextCursor: null, unread: 0 });
    const bad = await a.call('GET', `${url}?cursor=nonsense`, undefined, operator.token);
    expect(bad.statusCode, bad.body).toBe(400);
    const refused = await a.call('GET', `${url}?cursor=nonsense`, undefined, stranger.token);
    expect(refused.statusCode, refused.body).toBe(403);
  });
});
