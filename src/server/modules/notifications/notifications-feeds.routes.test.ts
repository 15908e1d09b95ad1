/**
 * Notifications over HTTP and through the real delivery pipeline (feeds, email verification and the
 * API surface): the app (routes, pg-boss jobs, workers) on a throw-away database sends to a real local
 * push service over HTTPS, which checks our VAPID tokens and decrypts every message with the test
 * subscription's keys. Everything asserted is what a client, a browser or the push service sees.
 * Shared setup and helpers: tests/support/notifications-api.ts.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  device,
  finished,
  messagesTo,
  postsOf,
  push,
  send,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { FeedPage, Post } from '../../../shared/schemas/notification.schema';

setupNotificationsApp();

describe('feeds', () => {
  it("pages the customer's social feed across every followed establishment, newest first", async () => {
    const one = await business('Feed Bakery');
    const two = await business('Feed Books');
    const customer = await a.followerOf(one.establishment.id);
    await a.follow(customer, two.establishment.id);
    const texts = ['bread 1', 'book 1', 'bread 2', 'book 2', 'bread 3'];
    for (const [i, text] of texts.entries()) {
      const { establishment, client } = i % 2 === 0 ? one : two;
      await sendOk(client, establishment.id, { text, post: true });
    }
    await sendOk(one.client, one.establishment.id, { text: 'push only', post: false });
    const unfollowed = await business('Feed Elsewhere');
    await sendOk(unfollowed.client, unfollowed.establishment.id, { text: 'not followed', post: true });

    const seen: Post[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, undefined, customer.token);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<FeedPage>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((p) => p.text)).toEqual([...texts].reverse());
    expect(new Set(seen.map((p) => p.establishment.name))).toEqual(new Set(['Feed Bakery', 'Feed Books']));
    expect(seen.every((p) => p.delivery === null)).toBe(true);

    expectError(
      await call('GET', '/api/feed?cursor=garbage', undefined, customer.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(
      await call('GET', '/api/feed?limit=500', undefined, customer.token),
      400,
      ErrorCode.VALIDATION,
    );
    expectError(await call('GET', '/api/feed'), 401, ErrorCode.UNAUTHORIZED);
  });

  it("shows an establishment's posts to its followers and senders only", async () => {
    const { establishment, client } = await business('Private Feed Pub');
    await sendOk(client, establishment.id, { text: 'Members news', post: true });
    const follower = await a.followerOf(establishment.id);
    const stranger = await a.userWithRole('customer', 'stranger');
    expect((await postsOf(establishment.id, follower)).map((p) => p.text)).toEqual(['Members news']);
    expect((await postsOf(establishment.id, client))[0]!.delivery).toMatchObject({
      audience: expect.any(Number),
    });
    expectError(
      await call('GET', `/api/establishments/${establishment.id}/posts`, undefined, stranger.token),
      403,
      ErrorCode.FORBIDDEN,
    );
  });

  it('lets the author or an admin edit and delete a post, nobody else', async () => {
    const { establishment, client } = await business('Editable Eatery');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const post = await sendOk(client, establishment.id, { text: 'Typo in the menu', post: true });

    for (const user of [colleague, follower]) {
      expectError(
        await call('PATCH', `/api/notifications/${post.id}`, { text: 'Hijacked' }, user.token),
        403,
        ErrorCode.FORBIDDEN,
      );
      expectError(
        await call('DELETE', `/api/notifications/${post.id}`, undefined, user.token),
        403,
        ErrorCode.FORBIDDEN,
      );
    }
    expectError(
      await call('PATCH', `/api/notifications/${post.id}`, { text: '' }, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        text: required(FieldLabel.text),
      },
    );
    const edited = await call('PATCH', `/api/notifications/${post.id}`, { text: 'Fixed menu' }, client.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: Msg.postUpdated, post: { text: 'Fixed menu' } });
    expect(edited.json<{ post: Post }>().post.editedAt).not.toBeNull();

    const byAdmin = await call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Admin fixed' },
      admin.token,
    );
    expect(byAdmin.statusCode).toBe(200);
    const removed = await call('DELETE', `/api/notifications/${post.id}`, undefined, admin.token);
    expect(removed.json()).toEqual({ message: Msg.postDeleted });
    expectError(
      await call('GET', `/api/notifications/${post.id}`, undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(await postsOf(establishment.id, follower)).toHaveLength(0);
    expectError(
      await call('GET', '/api/notifications/not-a-uuid', undefined, client.token),
      400,
      ErrorCode.VALIDATION,
    );
  });
});

describe('email verification', () => {
  /** Follow an email's verification link, as the person would: POST /api/account/verify with its token. */
  async function verifyByLink(mail: ReceivedMail) {
    const link = mail.links.find((l) => l.includes('/verify/'));
    expect(link, mail.text).toBeDefined();
    const res = await call('POST', '/api/account/verify', { token: link!.split('/').pop() });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Someone registers from the business's page (following it) and signs in with the emailed password. */
  async function registered(establishment: Establishment, tag: string) {
    const email = uniqueEmail(tag);
    const res = await call('POST', '/api/account/register', {
      firstName: 'Vera',
      lastName: 'Waiting',
      email,
      phone: '+421 900 123 456',
      terms: true,
      establishmentId: establishment.publicId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await t.mail.waitFor(email);
    const password = /Your password for signing in: (\S+)/.exec(mail.text)![1]!;
    const login = await call('POST', '/api/account/login', { email, password });
    expect(login.statusCode, login.body).toBe(200);
    return { email, mail, token: login.json<{ accessToken: string }>().accessToken };
  }

  const notVerified = (res: Awaited<ReturnType<typeof call>>) => {
    const body = expectError(res, 403, ErrorCode.EMAIL_NOT_VERIFIED);
    expect(body.error).toBe(Msg.emailNotVerified);
  };

  it('an unverified follower reads what they follow and turns push on before confirming; commenting waits', async () => {
    const { establishment, client } = await business('Verify Vinoteka');
    const post = await sendOk(client, establishment.id, { text: 'Members only', post: true });
    const elsewhere = await business('Not Followed Noodles');
    const waiting = await registered(establishment, 'waiting');
    const get = (url: string) => call('GET', url, undefined, waiting.token);

    // The post a push opens, the feed and the business's posts read before the link.
    const feed = await get('/api/feed');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json<FeedPage>().items.map((p) => p.text)).toEqual(['Members only']);
    expect((await get(`/api/establishments/${establishment.id}/posts`)).statusCode).toBe(200);
    expect((await get(`/api/establishments/${establishment.publicId}/posts`)).statusCode).toBe(200);
    expect((await get(`/api/notifications/${post.id}`)).json<{ post: Post }>().post.text).toBe(
      'Members only',
    );
    const early = await call('POST', '/notifications/subscribe', push.subscribe(), waiting.token);
    expect(early.statusCode, early.body).toBe(201);
    // Speaking in the business's comments waits for the confirmed address.
    notVerified(
      await call('POST', `/api/notifications/${post.id}/comments`, { text: 'Cheers!' }, waiting.token),
    );
    // Not a follower there: confirming the email would not help, so it is a plain 403.
    expectError(
      await get(`/api/establishments/${elsewhere.establishment.id}/posts`),
      403,
      ErrorCode.FORBIDDEN,
    );

    await verifyByLink(waiting.mail);
    const comment = await call(
      'POST',
      `/api/notifications/${post.id}/comments`,
      { text: 'Cheers!' },
      waiting.token,
    );
    expect(comment.statusCode, comment.body).toBe(201);
    expectError(
      await get(`/api/establishments/${elsewhere.establishment.id}/posts`),
      403,
      ErrorCode.FORBIDDEN,
    );
  });

  it("rings an unverified follower's device at once; their email waits for the confirmation", async () => {
    const { establishment, client } = await business('Confirmed Crêperie');
    const verified = await a.followerOf(establishment.id, 'confirmed');
    const waiting = await a.followerOf(establishment.id, 'unconfirmed');
    const both = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'both', marketingConsent: true },
      waiting.token,
    );
    expect(both.statusCode, both.body).toBe(200);
    const [verifiedPhone, waitingPhone, clientPhone] = [
      await device(verified),
      await device(waiting),
      await device(client),
    ];
    // SETUP: their address is not confirmed any more (as after changing it), the device subscribed before.
    await t.ctx.database.sql.executeSql('UPDATE users SET email_verified = false WHERE id = $1', [
      waiting.id,
    ]);
    const emailsTo = (text: string) =>
      t.mail.received.filter((m) => m.to.includes(waiting.email.toLowerCase()) && m.text.includes(text));

    const first = await sendOk(client, establishment.id, { text: 'Crêpes at noon', post: true });
    expect((await finished(client, first.id)).delivery).toMatchObject({ audience: 3, sent: 3, pending: 0 });
    expect(messagesTo(verifiedPhone).map((m) => m.body)).toEqual(['Crêpes at noon']);
    expect(messagesTo(clientPhone).map((m) => m.body)).toEqual(['Crêpes at noon']);
    expect(messagesTo(waitingPhone).map((m) => m.body)).toEqual(['Crêpes at noon']);
    expect(emailsTo('Crêpes at noon')).toEqual([]);
    // The operator still counts them apart, as waiting for email confirmation.
    const counted = await call('GET', `/api/establishments/${establishment.id}`, undefined, client.token);
    expect(counted.json<{ establishment: Establishment }>().establishment.followerCount).toBe(1);

    // They confirm the address from a fresh verification email: the next send emails them too.
    const resend = await call('POST', '/api/account/verify/resend', undefined, waiting.token);
    expect(resend.statusCode, resend.body).toBe(200);
    await verifyByLink(
      await t.mail.waitFor(waiting.email, (m) => m.links.some((l) => l.includes('/verify/'))),
    );
    const second = await sendOk(client, establishment.id, { text: 'Crêpes again', post: true });
    expect((await finished(client, second.id)).delivery).toMatchObject({ audience: 4, sent: 4 });
    expect(messagesTo(waitingPhone).map((m) => m.body)).toEqual(['Crêpes at noon', 'Crêpes again']);
    expect(messagesTo(verifiedPhone)).toHaveLength(2);
    await t.mail.waitFor(waiting.email, (m) => m.text.includes('Crêpes again'));
  });

  it('an unverified client cannot send for the establishment they operate until they confirm', async () => {
    const { establishment, client } = await business('Unconfirmed Owner');
    await t.ctx.database.sql.executeSql('UPDATE users SET email_verified = false WHERE id = $1', [client.id]);
    notVerified(await send(client, establishment.id, { text: 'Too early', post: true }));
    expect(await postsOf(establishment.id, admin, true)).toEqual([]);
  });
});

describe('API surface', () => {
  it('lists every notifications call in /api/docs', async () => {
    const res = await call('GET', '/api/docs/json');
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const expected: [string, string][] = [
      ['get', '/api/push/public-key'],
      ['post', '/notifications/subscribe'],
      ['post', '/notifications/unsubscribe'],
      ['post', '/api/establishments/{id}/media'],
      ['post', '/api/establishments/{id}/notifications'],
      ['get', '/api/establishments/{id}/posts'],
      ['get', '/api/feed'],
      ['get', '/api/notifications/{id}'],
      ['patch', '/api/notifications/{id}'],
      ['delete', '/api/notifications/{id}'],
      ['post', '/api/notifications/{id}/events'],
    ];
    for (const [method, path] of expected) {
      expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
  });
});
