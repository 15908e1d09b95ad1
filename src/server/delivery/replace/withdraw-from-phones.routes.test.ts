/**
 * "Withdraw from phones" on its own (POST /api/notifications/{id}/withdraw), through HTTP and the
 * real pipeline against a local push service: the phones that got the notification are told to
 * take it away, the post stays in every feed, only its author or an admin may, a scheduled send
 * cannot be, and it counts with "Update on phones" against the post's hourly limit.
 */
import { describe, expect, it } from 'vitest';
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
  sendOk,
  setupNotificationsApp,
} from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

setupNotificationsApp({ RATE_LIMIT_PHONE_UPDATES_PER_POST_PER_HOUR: '2' });

const withdraw = (id: string, token?: string) =>
  call('POST', `/api/notifications/${id}/withdraw`, undefined, token);

describe('withdraw from phones', () => {
  it('takes the notification off the phones that got it and keeps the post in the feed', async () => {
    const { establishment, client } = await business('Withdrawn Wine Bar');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const sent = await sendOk(client, establishment.id, { text: 'Free wine at nine', post: true });
    await finished(client, sent.id);
    expect(messagesTo(phone)).toHaveLength(1);

    const res = await withdraw(sent.id, client.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: Msg.withdrawnFromPhones });
    await expect.poll(() => messagesTo(phone).length, { timeout: 10_000 }).toBe(2);
    expect(messagesTo(phone)[1]).toMatchObject({
      kind: 'withdrawn',
      id: sent.id,
      tag: `notification-${sent.id}`,
      body: 'This message was withdrawn.',
    });
    // The post is still there for its followers, as it was.
    expect((await postsOf(establishment.id, follower)).map((post) => [post.id, post.text])).toEqual([
      [sent.id, 'Free wine at nine'],
    ]);
    const detail = await call('GET', `/api/notifications/${sent.id}`, undefined, follower.token);
    expect(detail.statusCode).toBe(200);
  });

  it('is for the post’s author or an admin; others are refused, and a scheduled send has not gone yet', async () => {
    const { establishment, client } = await business('Guarded Grill');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const follower = await a.followerOf(establishment.id);
    const sent = await sendOk(client, establishment.id, { text: 'Grill night', post: true });
    await finished(client, sent.id);

    expectError(await withdraw(sent.id), 401, ErrorCode.UNAUTHORIZED);
    expectError(await withdraw(sent.id, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await withdraw(sent.id, colleague.token), 403, ErrorCode.FORBIDDEN);
    expectError(await withdraw('not-a-post', client.token), 400, ErrorCode.VALIDATION);
    expectError(await withdraw(crypto.randomUUID(), client.token), 404, ErrorCode.NOT_FOUND);
    const byAdmin = await withdraw(sent.id, admin.token);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // An admin speaks for the business: the audit log says so.
    const log = await call('GET', '/api/management/audit-log?limit=1', undefined, admin.token);
    expect(log.json<{ items: unknown[] }>().items[0]).toMatchObject({
      actorId: admin.id,
      action: 'post.update',
      targetEstablishmentId: establishment.id,
      detail: { notificationId: sent.id, withdrawn: true },
    });

    const later = await sendOk(client, establishment.id, {
      text: 'Next week',
      post: true,
      scheduledFor: new Date(Date.now() + 3600_000).toISOString(),
    });
    const refused = await withdraw(later.id, client.token);
    expectError(refused, 409, ErrorCode.CONFLICT);
    expect(refused.json<{ error: string }>().error).toBe(Msg.notSentYet);
  });

  it('counts with "Update on phones" against the post’s hourly limit', async () => {
    const { establishment, client } = await business('Limited Lounge');
    const sent = await sendOk(client, establishment.id, { text: 'Tonight', post: true });
    await finished(client, sent.id);
    const update = await call(
      'PATCH',
      `/api/notifications/${sent.id}`,
      { text: 'Tonight at nine', updatePhones: true },
      client.token,
    );
    expect(update.statusCode, update.body).toBe(200);
    expect((await withdraw(sent.id, client.token)).statusCode).toBe(200);
    expectError(await withdraw(sent.id, client.token), 429, ErrorCode.RATE_LIMITED);
  });
});
