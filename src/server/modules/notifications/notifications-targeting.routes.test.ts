/**
 * Targeted sends through the real delivery pipeline: only followers who picked one of the send's
 * preferences receive it at the local push service; the compose's audience count says the same
 * beforehand; the post shows its targeting to those who manage it, not to its followers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
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
  send,
  sendOk,
  setupNotificationsApp,
} from '../../../../tests/support/notifications-api';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { Preference } from '../../../shared/schemas/preference.schema';

setupNotificationsApp();

const MISSING = '00000000-0000-4000-8000-000000000000';
let P: Preference;
let Q: Preference;

beforeAll(async () => {
  const group = await call('POST', '/api/preference-groups', { name: 'Interests' }, admin.token);
  const groupId = group.json().group.id as string;
  const make = async (name: string) => {
    const res = await call('POST', '/api/preferences', { groupId, name }, admin.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ preference: Preference }>().preference;
  };
  P = await make('Vegan');
  Q = await make('Live music');
});

async function picks(user: { token: string }, preferenceIds: string[]) {
  const res = await call('PUT', '/api/account/preferences', { preferenceIds }, user.token);
  expect(res.statusCode, res.body).toBe(200);
}

const audience = (establishmentId: string, token: string | undefined, ids: string[]) =>
  call(
    'GET',
    `/api/establishments/${establishmentId}/audience?preferenceIds=${ids.join(',')}`,
    undefined,
    token,
  );

/** Three followers with a device each: one picked P, one Q, one nothing. */
async function threeFollowers(name: string) {
  const { establishment, client } = await business(name);
  const [fp, fq, none] = await Promise.all(
    ['likes-p', 'likes-q', 'likes-none'].map((tag) => a.followerOf(establishment.id, tag)),
  );
  await picks(fp!, [P.id]);
  await picks(fq!, [Q.id]);
  const devices: TestSubscription[] = [];
  for (const follower of [fp!, fq!, none!]) devices.push(await device(follower));
  return { establishment, client, followers: [fp!, fq!, none!], devices };
}

describe('targeted sends', () => {
  it('reach only the followers who picked a target preference; untargeted, all of them', async () => {
    const { establishment, client, followers, devices } = await threeFollowers('Targeted Tavern');
    const [toP, toQ, toNone] = devices as [TestSubscription, TestSubscription, TestSubscription];

    const counted = await audience(establishment.id, client.token, [P.id]);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({
      followers: 1,
      reachable: 1,
      byPhone: 1,
      byEmail: 0,
      devices: 1,
      emails: 0,
      held: 0,
      emailPause: null,
    });
    expect((await audience(establishment.id, client.token, [P.id, Q.id])).json()).toEqual({
      followers: 2,
      reachable: 2,
      byPhone: 2,
      byEmail: 0,
      devices: 2,
      emails: 0,
      held: 0,
      emailPause: null,
    });
    expect((await audience(establishment.id, client.token, [])).json()).toEqual({
      followers: 3,
      reachable: 3,
      byPhone: 3,
      byEmail: 0,
      devices: 3,
      emails: 0,
      held: 0,
      emailPause: null,
    });

    const targeted = await sendOk(client, establishment.id, {
      text: 'Vegan goulash today',
      post: true,
      preferenceIds: [P.id],
    });
    expect(targeted.targets).toEqual([{ preferenceId: P.id, name: 'Vegan' }]);
    const done = await finished(client, targeted.id);
    expect(done.delivery).toMatchObject({ status: 'done', audience: 1, sent: 1, pending: 0 });
    expect(messagesTo(toP).map((m) => m.body)).toEqual(['Vegan goulash today']);
    expect(messagesTo(toQ)).toHaveLength(0);
    expect(messagesTo(toNone)).toHaveLength(0);

    const everyone = await sendOk(client, establishment.id, { text: 'Open till late', post: true });
    expect(everyone.targets).toEqual([]);
    expect((await finished(client, everyone.id)).delivery).toMatchObject({ audience: 3, sent: 3 });
    for (const d of devices) expect(messagesTo(d).map((m) => m.body)).toContain('Open till late');

    // The targeting is for those who manage the send; its followers see the post without it.
    const seenByFollower = (await postsOf(establishment.id, followers[0]!)).find((p) => p.id === targeted.id);
    expect(seenByFollower?.targets).toBeNull();
    const seenByClient = (await postsOf(establishment.id, client)).find((p) => p.id === targeted.id);
    expect(seenByClient?.targets).toEqual([{ preferenceId: P.id, name: 'Vegan' }]);
  });

  it('keeps the name it was sent with after the preference is renamed or deleted', async () => {
    const { establishment, client } = await business('Renaming Rooftop');
    const group = (await call('GET', '/api/preference-groups')).json().items[0].id as string;
    const temp = (
      await call('POST', '/api/preferences', { groupId: group, name: 'Jazz' }, admin.token)
    ).json().preference as Preference;
    const post = await sendOk(client, establishment.id, {
      text: 'Jazz tonight',
      post: true,
      preferenceIds: [temp.id],
    });
    await call('PATCH', `/api/preferences/${temp.id}`, { name: 'Smooth jazz' }, admin.token);
    await call('DELETE', `/api/preferences/${temp.id}`, undefined, admin.token);
    const res = await call('GET', `/api/notifications/${post.id}`, undefined, client.token);
    expect(res.json<{ post: Post }>().post.targets).toEqual([{ preferenceId: temp.id, name: 'Jazz' }]);
  });

  it('refuses an unknown preference on field preferenceIds and sends nothing', async () => {
    const { establishment, client } = await business('Careful Cafe');
    for (const preferenceIds of [[MISSING], ['nope'], [P.id, MISSING]]) {
      const res = await send(client, establishment.id, { text: 'Hello', post: true, preferenceIds });
      expectError(res, 400, ErrorCode.VALIDATION, { preferenceIds: Msg.preferenceNotFound });
    }
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    const res = await send(client, establishment.id, { text: 'Hello', post: true, preferenceIds: tooMany });
    expectError(res, 400, ErrorCode.VALIDATION, { preferenceIds: 'Choose at most 100 preferences' });
    expect(await postsOf(establishment.id, client, true)).toHaveLength(0);
  });
});

describe('GET /api/establishments/:id/audience', () => {
  it('answers who may send for it, and refuses everyone else', async () => {
    const { establishment, client } = await business('Audience Arena');
    const follower = await a.followerOf(establishment.id);
    const stranger = await a.userWithRole('client', 'other-client');
    const representative = await a.userWithRole('representant');

    expect((await audience(establishment.id, admin.token, [])).json()).toEqual({
      followers: 1,
      reachable: 0,
      byPhone: 0,
      byEmail: 0,
      devices: 0,
      emails: 0,
      held: 0,
      emailPause: null,
    });
    expect((await audience(establishment.publicId, client.token, [])).statusCode).toBe(200);
    expectError(await audience(establishment.id, undefined, []), 401, ErrorCode.UNAUTHORIZED);
    for (const who of [follower, stranger, representative]) {
      expectError(await audience(establishment.id, who.token, []), 403, ErrorCode.FORBIDDEN);
    }
    expectError(await audience(establishment.id, client.token, [MISSING]), 400, ErrorCode.VALIDATION, {
      preferenceIds: Msg.preferenceNotFound,
    });
    expectError(await audience(establishment.id, client.token, ['x']), 400, ErrorCode.VALIDATION, {
      preferenceIds: Msg.preferenceNotFound,
    });
    expectError(await audience(MISSING, admin.token, []), 404, ErrorCode.NOT_FOUND);
  });

  it('counts as reachable by push only followers with a live device, apart from the devices', async () => {
    const { establishment, client } = await business('Reach Rooftop');
    const [withPhone, withTwo] = await Promise.all(
      ['with-phone', 'with-two'].map((tag) => a.followerOf(establishment.id, tag)),
    );
    await a.followerOf(establishment.id, 'no-device');
    await device(withPhone!);
    await device(withTwo!);
    await device(withTwo!);
    // The owner's own phone is a device the send goes to, not a follower reached.
    await device(client);
    expect((await audience(establishment.id, client.token, [])).json()).toEqual({
      followers: 3,
      reachable: 2,
      byPhone: 2,
      byEmail: 0,
      devices: 4,
      emails: 0,
      held: 0,
      emailPause: null,
    });
  });
});
