/** The world of the API fuzz test: people of each role, two establishments, posts, pictures, a push
 * subscription, and tokens that must be refused. */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { type JWTPayload, SignJWT } from 'jose';
import sharp from 'sharp';
import { expect } from 'vitest';
import { JWT_SECRET } from '../account-api';
import { actors, establishmentFields, PASSWORD, type Session, uniqueEmail } from '../api-actors';
import type { TestApp } from '../test-app';
import { type MultipartPart, multipart } from './bodies';

export type ActorName = 'admin' | 'representant' | 'client' | 'customer';
export interface World {
  sessions: Record<ActorName, Session>;
  /** Each actor's password, which a fuzzed request may change. */
  passwords: Record<ActorName, string>;
  /** Tokens that must be refused: garbage, other secrets, wrong claims, expired, revoked. */
  badTokens: string[];
  shop: { id: string; publicId: string };
  other: { id: string; publicId: string };
  userIds: string[];
  postIds: string[];
  /** Comments on the shop's first post. */
  commentIds: string[];
  imageIds: string[];
  mediaIds: string[];
  cursors: string[];
  emails: string[];
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  images: { name: string; type: string; data: Buffer }[];
}

const secret = new TextEncoder().encode(JWT_SECRET);
/** A token signed with the app's secret, carrying whatever claims it is given. */
const jwt = (claims: Record<string, unknown>, expires: string | number = '1h') =>
  new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(expires)
    .sign(secret);

export async function makeWorld(t: TestApp): Promise<World> {
  const a = actors(t);
  const ok = async (res: Promise<LightMyRequestResponse>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json<Record<string, unknown>>();
  };
  const admin = await a.userWithRole('admin');
  const representant = await a.userWithRole('representant');
  // The representative registers a business with its owner, as in the spec.
  const signup = await ok(
    a.call(
      'POST',
      '/api/establishments/client-signup',
      {
        client: {
          firstName: 'Olga',
          lastName: 'Owner',
          email: uniqueEmail('owner'),
          phone: '+421 900 111 222',
        },
        establishment: establishmentFields('Fuzz Bakery'),
      },
      representant.token,
    ),
    201,
  );
  const shop = signup.establishment as { id: string; publicId: string };
  const client = await a.clientOf(admin, shop.id);
  const customer = await a.followerOf(shop.id);
  const other = await a.establishment(admin, 'Other Shop');
  const otherClient = await a.clientOf(admin, other.id, 'other-client');

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const images = [
    { name: 'a.png', type: 'image/png', data: png },
    {
      name: 'b.jpg',
      type: 'image/jpeg',
      data: await sharp({ create: { width: 9, height: 5, channels: 3, background: '#3c3' } })
        .jpeg()
        .toBuffer(),
    },
    {
      name: 'c.gif',
      type: 'image/gif',
      data: await sharp({ create: { width: 4, height: 4, channels: 4, background: '#33c8' } })
        .gif()
        .toBuffer(),
    },
    { name: 'cut.png', type: 'image/png', data: png.subarray(0, 60) },
    { name: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    { name: 'notes.png', type: 'image/png', data: Buffer.from('just some text, not a picture') },
    {
      name: 'noise.bin',
      type: 'application/octet-stream',
      data: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 251)),
    },
    { name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
  ];

  const upload = (url: string, token: string, parts: MultipartPart[]) =>
    t.request({ method: 'POST', url, token, ...multipart(parts) });
  const file = (i: number): MultipartPart => ({
    name: 'file',
    filename: images[i]!.name,
    type: images[i]!.type,
    data: images[i]!.data,
  });
  const media = await ok(upload(`/api/establishments/${shop.id}/media`, client.token, [file(0)]), 201);
  const image = await ok(
    upload(`/api/establishments/${shop.id}/gallery`, client.token, [
      { name: 'caption', data: 'The counter' },
      file(1),
    ]),
    201,
  );
  const postIds: string[] = [];
  for (const [text, post] of [
    ['Fresh bread at seven', true],
    ['Croissants are out', true],
    ['Closed on Monday', false],
  ] as const) {
    const sent = await ok(
      a.call('POST', `/api/establishments/${shop.id}/notifications`, { text, post }, client.token),
      202,
    );
    postIds.push((sent.notification as { id: string }).id);
  }
  const page = await ok(
    a.call('GET', `/api/establishments/${shop.id}/posts?limit=1`, undefined, client.token),
  );
  const commentIds: string[] = [];
  for (const [text, by] of [
    ['Still warm?', customer],
    ['Yes, until noon', client],
  ] as const) {
    const made = await ok(
      a.call('POST', `/api/notifications/${postIds[0]}/comments`, { text }, by.token),
      201,
    );
    commentIds.push((made.comment as { id: string }).id);
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://127.0.0.1:9/push/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await ok(a.call('POST', '/notifications/subscribe', subscription, customer.token), 201);

  // A token of a session that was signed out, and one of an account that is gone.
  const revoked = await a.userWithRole('customer', 'revoked');
  await ok(a.call('POST', '/api/account/logout', undefined, revoked.token));
  const deleted = await a.userWithRole('customer', 'deleted');
  await ok(a.call('DELETE', '/api/account', { currentPassword: PASSWORD }, deleted.token));
  const uuid = randomUUID();
  const badTokens = [
    'garbage',
    'a.b.c',
    `${client.token}x`,
    client.token.split('.').slice(0, 2).join('.'),
    revoked.token,
    deleted.token,
    // Unsigned ("alg": "none") and signed with another secret.
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: client.id, sid: uuid, ver: 0 })).toString('base64url')}.`,
    await new SignJWT({ sid: uuid, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(client.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
    // Validly signed, with claims of the wrong shape or expired.
    await jwt({ sub: client.id, sid: 'not-a-uuid', ver: 0 }),
    await jwt({ sub: 'not-a-uuid', sid: uuid, ver: 0 }),
    await jwt({ sub: client.id, sid: uuid, ver: '0' }),
    await jwt({ sub: client.id, sid: uuid, ver: 1.5 }),
    await jwt({ sub: client.id, sid: uuid, ver: -1 }),
    await jwt({ sub: client.id, sid: uuid, ver: 1e300 }),
    await jwt({ sub: client.id, sid: 42, ver: 0 }),
    await jwt({ sub: { id: client.id }, sid: ['x'], ver: 0 }),
    await jwt({ sub: client.id, sid: `${uuid}\u0000`, ver: 0 }),
    await jwt({ sub: client.id, sid: uuid }),
    await jwt({ sub: client.id, sid: uuid, ver: 0 }, Math.floor(Date.now() / 1000) - 60),
  ];

  const sessions = { admin, representant, client, customer };
  return {
    sessions,
    passwords: { admin: PASSWORD, representant: PASSWORD, client: PASSWORD, customer: PASSWORD },
    badTokens,
    shop,
    other,
    userIds: [admin.id, representant.id, client.id, customer.id, otherClient.id, signup.clientId as string],
    postIds,
    commentIds,
    imageIds: [image.id as string],
    mediaIds: [(media.media as { id: string }).id],
    cursors: [page.nextCursor as string],
    emails: [admin.email, representant.email, client.email, customer.email, otherClient.email],
    subscription,
    images,
  };
}
