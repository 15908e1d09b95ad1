/**
 * Ask the business, through HTTP on a real database: a follower writes, the business's operators
 * read the shared inbox and answer, and each side hears of the other's message by its channel
 * (the local push service decrypts the push; the SMTP sink receives the email). Who may read a
 * conversation, and what a stranger is told (404, as for one that does not exist).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, PASSWORD, type Session } from '../../../../tests/support/api-actors';
import { conversationsApi } from '../../../../tests/support/conversations-api';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import {
  type Conversation,
  ConversationMsg,
  type ConversationPage,
} from '../../../shared/schemas/conversation.schema';
import type { PersonalData } from '../../../shared/schemas/export.schema';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({ push: 1 });
const { device, messagePushes, ask } = conversationsApi(fixture);
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

async function business(name: string) {
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const follower = await a.followerOf(establishment.id, 'follower');
  return { establishment, operator, follower };
}

async function reply(user: Session, id: string, text: string, status = 201) {
  const res = await a.call('POST', `/api/conversations/${id}/messages`, { text }, user.token);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ conversation: Conversation; error?: string }>();
}

const inbox = async (user: Session, establishmentId: string, filter = 'all') => {
  const res = await a.call(
    'GET',
    `/api/establishments/${establishmentId}/conversations?filter=${filter}`,
    undefined,
    user.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationPage>();
};

describe('asking the business', () => {
  it('a follower asks, the operators see it unread in the inbox, answer, and the follower’s phone gets the answer', async () => {
    const { establishment, operator, follower } = await business('Goulash Garden');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    // The colleague has no device and wants each message by email at once (operator notices).
    const cadence = await a.call(
      'PUT',
      '/api/account/operator-notices',
      { cadence: 'immediately' },
      colleague.token,
    );
    expect(cadence.statusCode, cadence.body).toBe(200);
    const [operatorPhone, followerPhone] = await Promise.all([device(operator), device(follower)]);

    const started = await ask(follower, establishment.id, 'Is the goulash gluten-free? https://example.com');
    expect(started).toMatchObject({ closed: false, canWrite: true, canManage: false, answered: false });
    expect(started.messages.map((m) => [m.text, m.fromBusiness, m.mine])).toEqual([
      ['Is the goulash gluten-free? https://example.com', false, true],
    ]);
    // A second question joins the open conversation.
    const again = await ask(follower, establishment.id, 'And vegan?');
    expect(again.id).toBe(started.id);

    // The operator with a device gets a push; the colleague without one an email, the operator none.
    const [pushed] = await messagePushes(operatorPhone, 1);
    expect(pushed).toMatchObject({ kind: 'message', url: `/app/messages/${started.id}` });
    const mail = await t.mail.waitFor(colleague.email, (m) => m.text.includes('Is the goulash gluten-free?'));
    expect(mail.subject).toContain('Goulash Garden');
    expect(mail.text).toContain(`/app/messages/${started.id}`);

    const unread = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/conversations/unread`,
      undefined,
      operator.token,
    );
    expect(unread.json()).toEqual({ unread: 1 });
    const list = await inbox(operator, establishment.id, 'unanswered');
    expect(list.items.map((c) => [c.id, c.unread, c.lastMessage])).toEqual([
      [started.id, true, 'And vegan?'],
    ]);

    const read = await a.call('GET', `/api/conversations/${started.id}`, undefined, colleague.token);
    expect(read.json<{ conversation: Conversation }>().conversation.canManage).toBe(true);
    const answered = await reply(operator, started.id, 'Yes, both!');
    expect(answered.conversation.messages.at(-1)).toMatchObject({
      fromBusiness: true,
      writtenBy: 'Test operator',
    });
    expect((await inbox(operator, establishment.id, 'answered')).items.map((c) => c.id)).toEqual([
      started.id,
    ]);
    expect((await inbox(operator, establishment.id)).unread).toBe(0);

    const [toFollower] = await messagePushes(followerPhone, 1);
    expect(toFollower).toMatchObject({ title: 'Goulash Garden', body: 'Yes, both!' });
    const mine = await a.call('GET', '/api/conversations', undefined, follower.token);
    expect(mine.json<ConversationPage>()).toMatchObject({
      unread: 1,
      items: [{ id: started.id, unread: true }],
    });
    // The follower reads the business, not which colleague answered.
    const seen = await a.call('GET', `/api/conversations/${started.id}`, undefined, follower.token);
    expect(seen.json<{ conversation: Conversation }>().conversation.messages.at(-1)!.writtenBy).toBeNull();
  });

  it('a follower without a device hears of the answer by email', async () => {
    const { establishment, operator, follower } = await business('Email Bistro');
    const { id } = await ask(follower, establishment.id, 'A table for four at eight?');
    await reply(operator, id, 'Booked!');
    const mail = await t.mail.waitFor(follower.email, (m) => m.subject.includes('answered'));
    expect(mail.text).toContain('Booked!');
    // Links in a message are shown as text, never as a link.
    await reply(operator, id, 'Menu: https://example.com/menu');
    const second = await t.mail.waitFor(follower.email, (m) => m.text.includes('example[.]com'));
    expect(second.links.some((link) => link.includes('example.com'))).toBe(false);
  });
});

describe('who may read and write', () => {
  it('a stranger, another follower and another business’s operator get 404; a guest 401', async () => {
    const { establishment, follower } = await business('Private Pub');
    const { id } = await ask(follower, establishment.id, 'Hello?');
    const other = await business('Other Pub');
    for (const who of [other.follower, other.operator, await a.followerOf(establishment.id, 'neighbour')]) {
      for (const res of [
        await a.call('GET', `/api/conversations/${id}`, undefined, who.token),
        await a.call('POST', `/api/conversations/${id}/messages`, { text: 'x' }, who.token),
        await a.call('POST', `/api/conversations/${id}/close`, undefined, who.token),
      ])
        expect(res.statusCode, res.body).toBe(404);
    }
    const missing = await a.call(
      'GET',
      `/api/conversations/${crypto.randomUUID()}`,
      undefined,
      other.follower.token,
    );
    expect(missing.statusCode).toBe(404);
    expect((await a.call('GET', `/api/conversations/${id}`)).statusCode).toBe(401);
    // Another business's operator sees no inbox of this one.
    const foreign = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/conversations`,
      undefined,
      other.operator.token,
    );
    expect(foreign.statusCode).toBe(403);
  });

  it('only a follower starts one; bad input is a 400 naming the field', async () => {
    const { establishment, operator } = await business('Rules Cafe');
    const stranger = await a.userWithRole('customer', 'stranger');
    const notFollowing = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/conversations`,
      { text: 'Hi' },
      stranger.token,
    );
    expect(notFollowing.statusCode).toBe(403);
    const fromOperator = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/conversations`,
      { text: 'Hi' },
      operator.token,
    );
    expect(fromOperator.statusCode).toBe(403);
    const follower = await a.followerOf(establishment.id);
    const empty = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/conversations`,
      { text: '  ' },
      follower.token,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('text');
    const unknown = await a.call(
      'POST',
      `/api/establishments/${crypto.randomUUID()}/conversations`,
      { text: 'Hi' },
      follower.token,
    );
    expect(unknown.statusCode).toBe(404);
    // Asked from a post that is none, or another business's: refused on the field, nothing opened.
    const other = await business('Other Cafe');
    const elsewhere = await a.call(
      'POST',
      `/api/establishments/${other.establishment.id}/notifications`,
      { text: 'Elsewhere', post: true },
      other.operator.token,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(202);
    for (const postId of [crypto.randomUUID(), elsewhere.json().notification.id]) {
      const res = await a.call(
        'POST',
        `/api/establishments/${establishment.id}/conversations`,
        { text: 'About this post', postId },
        follower.token,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ postId: 'postId must be a post id' });
    }
    expect((await inbox(operator, establishment.id)).items).toEqual([]);
  });

  it('an admin reads any conversation, recorded in the audit log', async () => {
    const { establishment, follower } = await business('Audited Bar');
    const { id } = await ask(follower, establishment.id, 'Open on Sunday?');
    const res = await a.call('GET', `/api/conversations/${id}`, undefined, admin.token);
    expect(res.statusCode).toBe(200);
    const log = await a.call(
      'GET',
      '/api/management/audit-log?action=conversation.read',
      undefined,
      admin.token,
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(JSON.stringify(log.json())).toContain(id);
  });
});

describe('closing and blocking', () => {
  it('a closed conversation takes no message; the follower may ask again in a new one', async () => {
    const { establishment, operator, follower } = await business('Closing Time');
    const { id } = await ask(follower, establishment.id, 'Still open?');
    const closed = await a.call('POST', `/api/conversations/${id}/close`, undefined, operator.token);
    expect(closed.json<{ conversation: Conversation }>().conversation).toMatchObject({
      closed: true,
      canWrite: false,
    });
    expect(
      (await a.call('POST', `/api/conversations/${id}/close`, undefined, follower.token)).statusCode,
    ).toBe(403);
    const refused = await reply(follower, id, 'Hello?', 403);
    expect(refused.error).toBe('This conversation is closed.');
    expect((await inbox(operator, establishment.id, 'closed')).items.map((c) => c.id)).toEqual([id]);
    const fresh = await ask(follower, establishment.id, 'A new question');
    expect(fresh.id).not.toBe(id);
  });

  it('a blocked follower cannot write and is not told why; unblocking lets them again', async () => {
    const { establishment, operator, follower } = await business('Blocking Bar');
    const { id } = await ask(follower, establishment.id, 'Spam?');
    const blocked = await a.call('PUT', `/api/conversations/${id}/block`, { blocked: true }, operator.token);
    expect(blocked.json<{ conversation: Conversation }>().conversation.followerBlocked).toBe(true);
    const view = await a.call('GET', `/api/conversations/${id}`, undefined, follower.token);
    expect(view.json<{ conversation: Conversation }>().conversation).toMatchObject({
      canWrite: false,
      followerBlocked: false,
    });
    expect((await reply(follower, id, 'Hello?', 403)).error).toBe('You cannot write to this business.');
    const startRefused = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/conversations`,
      { text: 'Hi' },
      follower.token,
    );
    expect(startRefused.statusCode).toBe(403);
    await a.call('PUT', `/api/conversations/${id}/block`, { blocked: false }, operator.token);
    await reply(follower, id, 'Sorry!');
  });

  it('a blocked or deleted business’s conversations are closed: the follower sees it and cannot write', async () => {
    for (const how of ['block', 'delete'] as const) {
      const { establishment, operator, follower } = await business(`Gone Business ${how}`);
      const { id } = await ask(follower, establishment.id, 'Hello');
      const gone =
        how === 'block'
          ? await a.call('POST', `/api/establishments/${establishment.id}/block`, undefined, admin.token)
          : await a.call('DELETE', `/api/establishments/${establishment.id}`, undefined, admin.token);
      expect(gone.statusCode, gone.body).toBe(200);
      const view = await a.call('GET', `/api/conversations/${id}`, undefined, follower.token);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json<{ conversation: Conversation }>().conversation).toMatchObject({
        closed: true,
        canWrite: false,
      });
      const mine = await a.call('GET', '/api/conversations', undefined, follower.token);
      expect(mine.json<ConversationPage>().items.find((c) => c.id === id)?.closed).toBe(true);
      expect((await reply(follower, id, 'Still there?', 403)).error).toBe(ConversationMsg.closedAlready);
      const again = await a.call(
        'POST',
        `/api/establishments/${establishment.id}/conversations`,
        { text: 'Hello again' },
        follower.token,
      );
      expect(again.statusCode, again.body).toBe(how === 'block' ? 403 : 404);
      // Nor does the business write in it while it is blocked.
      if (how === 'block')
        expect((await reply(operator, id, 'We are back', 403)).error).toBe(ConversationMsg.closedAlready);
    }
  });
});

describe('the follower’s data', () => {
  it('messages are in the data export and go with the account', async () => {
    const { establishment, operator, follower } = await business('Data Diner');
    const { id } = await ask(follower, establishment.id, 'My question');
    await reply(operator, id, 'Our answer');
    const exported = await a.call('GET', '/api/account/export?format=json', undefined, follower.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<PersonalData>();
    expect(data.messages.map((m) => [m.text, m.fromBusiness])).toEqual([
      ['My question', false],
      ['Our answer', true],
    ]);
    const gone = await a.call('DELETE', '/api/account', { currentPassword: PASSWORD }, follower.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await a.call('GET', `/api/conversations/${id}`, undefined, operator.token)).statusCode).toBe(404);
  });
});
