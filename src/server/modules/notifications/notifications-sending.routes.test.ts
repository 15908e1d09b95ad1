/**
 * Notifications over HTTP and through the real delivery pipeline (sending): the app (routes, pg-boss
 * jobs, workers) on a throw-away database sends to a real local push service over HTTPS, which checks
 * our VAPID tokens and decrypts every message with the test subscription's keys. Everything asserted
 * is what a client, a browser or the push service sees. Shared setup and helpers:
 * tests/support/notifications-api.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/expect-error';
import { multipart } from '../../../../tests/support/multipart';
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
import { ErrorCode } from '../../../shared/errors';
import { FieldLabel, Msg, required } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { Establishment } from '../../../shared/schemas/establishment.schema';
import type { Post } from '../../../shared/schemas/notification.schema';

setupNotificationsApp();

describe('sending', () => {
  it('reaches every device of every follower with the right decrypted message, and nobody else', async () => {
    const { establishment, client } = await business('Bistro Push');
    const followers = await Promise.all([1, 2, 3].map((i) => a.followerOf(establishment.id, `f${i}`)));
    const devices = [
      ...(await Promise.all(followers.map(device))),
      await device(followers[0]!), // a second phone
      await device(client), // operators are in the audience too: they see what their followers see
    ];
    const stranger = await device(await a.userWithRole('customer', 'stranger'));

    const res = await send(client, establishment.id, {
      text: '  Lunch menu: soup and goulash 🍲  ',
      post: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json<{ notification: Post; message: string }>();
    expect(body.message).toBe(Msg.notificationSent);
    expect(body.notification.text).toBe('Lunch menu: soup and goulash 🍲');

    const post = await finished(client, body.notification.id);
    expect(post.delivery).toMatchObject({
      status: 'done',
      audience: 5,
      sent: 5,
      failed: 0,
      gone: 0,
      pending: 0,
    });

    for (const subscription of devices) {
      const received = push.messages(subscription.endpoint);
      expect(received, subscription.endpoint).toHaveLength(1);
      const [message] = received;
      expect(message!.json).toMatchObject({
        v: 1,
        id: post.id,
        establishmentId: establishment.id,
        title: 'Bistro Push',
        body: 'Lunch menu: soup and goulash 🍲',
        url: `/app/establishment/${establishment.id}/notification/${post.id}`,
        tag: `notification-${post.id}`,
        image: null,
      });
      expect((message!.json as PushMessage).receipt).toMatch(/^[0-9a-f-]{36}\.[\w-]{22}$/);
      expect(message!.ttl).toBe(86_400);
      expect(message!.urgency).toBe('normal');
      expect(message!.vapid.aud).toBe(push.origin);
    }
    // One VAPID token serves the whole send to this push service.
    expect(new Set(devices.map((d) => push.messages(d.endpoint)[0]!.vapid.exp)).size).toBe(1);
    expect(push.messages(stranger.endpoint)).toHaveLength(0);
  });

  it('says "Notification has been sent!" for a push-only send, which stays out of the feeds', async () => {
    const { establishment, client } = await business('Push Only Pub');
    const follower = await a.followerOf(establishment.id);
    await device(follower);
    const res = await send(client, establishment.id, { text: 'Happy hour now', post: false });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(Msg.notificationOnlySent);
    await finished(client, res.json().notification.id);
    expect(await postsOf(establishment.id, follower)).toHaveLength(0);
    expect((await postsOf(establishment.id, client, true)).map((p) => p.text)).toEqual(['Happy hour now']);
  });

  it('lets the registering representative and admins send, and nobody else', async () => {
    const representative = await a.userWithRole('representant');
    const signup = await call(
      'POST',
      '/api/establishments/client-signup',
      {
        client: {
          firstName: 'Rita',
          lastName: 'Rep',
          email: `rep-client-${Date.now()}@example.test`,
          phone: '+421 905 000 000',
        },
        establishment: {
          name: 'Rep Books',
          email: 'books@example.test',
          phone: '+421 2 5555 5555',
          address1: 'Street 2',
          city: 'Košice',
          state: 'Košice Region',
          zip: '040 01',
          country: 'Slovakia',
          businessId: '87654321',
          taxId: '2020987654',
          vatNumber: 'SK2020987654',
        },
      },
      representative.token,
    );
    expect(signup.statusCode, signup.body).toBe(201);
    const establishment = signup.json<{ establishment: Establishment }>().establishment;
    expect(
      (await send(representative, establishment.id, { text: 'From the rep', post: true })).statusCode,
    ).toBe(202);
    expect((await send(admin, establishment.id, { text: 'From the admin', post: true })).statusCode).toBe(
      202,
    );

    const otherRep = await a.userWithRole('representant', 'other-rep');
    const follower = await a.followerOf(establishment.id);
    const otherClient = (await business('Other Shop')).client;
    for (const user of [otherRep, follower, otherClient]) {
      expectError(
        await send(user, establishment.id, { text: 'Not mine', post: true }),
        403,
        ErrorCode.FORBIDDEN,
      );
    }
    expectError(
      await send({ ...follower, token: '' }, establishment.id, { text: 'x', post: true }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('checks everything before anything is sent, naming the field', async () => {
    const { establishment, client } = await business('Strict Café');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: '', post: true }, 'text', required(FieldLabel.text)],
      [{ text: '   ', post: true }, 'text', required(FieldLabel.text)],
      [{ post: true }, 'text', required(FieldLabel.text)],
      [{ text: 42, post: true }, 'text', 'Text must be text'],
      [{ text: 'x'.repeat(2001), post: true }, 'text', 'Text must be at most 2000 characters'],
      [{ text: 'ok' }, 'post', 'post must be true or false'],
      [{ text: 'ok', post: 'yes' }, 'post', 'post must be true or false'],
      [{ text: 'ok', post: true, mediaId: 'nope' }, 'mediaId', 'Upload the picture again.'],
    ];
    for (const [body, field, message] of cases) {
      expectError(await send(client, establishment.id, body), 400, ErrorCode.VALIDATION, {
        [field]: message,
      });
    }
    // 1,500 euro signs are 4,500 bytes of UTF-8: over the 4 KB a push message may carry.
    expectError(
      await send(client, establishment.id, { text: '€'.repeat(1500), post: true }),
      400,
      ErrorCode.PAYLOAD_TOO_LARGE,
      {
        text: Msg.pushTooLarge,
      },
    );
    expectError(
      await send(client, establishment.id, { text: 'ok', post: true, mediaId: crypto.randomUUID() }),
      400,
      ErrorCode.VALIDATION,
      { mediaId: Msg.mediaNotFound },
    );
    expectError(
      await send(client, crypto.randomUUID(), { text: 'ok', post: true }),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(await postsOf(establishment.id, client, true)).toHaveLength(0);
  });

  it('refuses to send for a blocked or inactive establishment', async () => {
    const { establishment, client } = await business('Paused Pets');
    expect(
      (
        await call(
          'PUT',
          `/api/establishments/${establishment.id}`,
          { ...establishment, active: false },
          admin.token,
        )
      ).statusCode,
    ).toBe(200);
    const inactive = expectError(
      await send(client, establishment.id, { text: 'Hello', post: true }),
      403,
      ErrorCode.ESTABLISHMENT_INACTIVE,
    );
    expect(inactive.error).toBe(Msg.establishmentCannotSendInactive);
    expect(
      (await call('POST', `/api/establishments/${establishment.id}/block`, undefined, admin.token))
        .statusCode,
    ).toBe(200);
    const blocked = expectError(
      await send(admin, establishment.id, { text: 'Hello', post: true }),
      403,
      ErrorCode.ESTABLISHMENT_BLOCKED,
    );
    expect(blocked.error).toBe(Msg.establishmentCannotSendBlocked);
  });

  it('sends a picture: re-encoded, served, and in the push message', async () => {
    const { establishment, client } = await business('Picture Pizzeria');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = await t.request({
      method: 'POST',
      url: `/api/establishments/${establishment.id}/media`,
      token: client.token,
      ...(await multipart([
        { name: 'file', value: new Blob([png], { type: 'image/png' }), filename: 'pizza.png' },
      ])),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const media = upload.json<{ media: { id: string; url: string; width: number; height: number } }>().media;
    expect(media).toMatchObject({ width: 1600, height: 800, url: `/image/post/${media.id}.jpeg` });
    const image = await call('GET', media.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const post = await sendOk(client, establishment.id, {
      text: 'Pizza of the day',
      mediaId: media.id,
      post: true,
    });
    expect(post.media).toEqual(media);
    await finished(client, post.id);
    expect(messagesTo(phone)[0]).toMatchObject({ image: media.url });

    const text = await t.request({
      method: 'POST',
      url: `/api/establishments/${establishment.id}/media`,
      token: client.token,
      ...(await multipart([
        { name: 'file', value: new Blob(['soup'], { type: 'text/plain' }), filename: 'menu.txt' },
      ])),
    });
    expectError(text, 415, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.postMediaInvalid });
    const other = await business('Other Pizzeria');
    expectError(
      await send(other.client, other.establishment.id, {
        text: 'Stolen picture',
        mediaId: media.id,
        post: true,
      }),
      400,
      ErrorCode.VALIDATION,
      { mediaId: Msg.mediaNotFound },
    );
  });
});
