/**
 * The public profile's HTTP caching: ETag, Cache-Control and 304, and the server's cache
 * of profiles emptied by every change, so an edit, a follow, a block or a deletion is seen by the
 * very next request. Real app, real database, through HTTP.
 */
import { describe, expect, it } from 'vitest';
import {
  admin,
  createEstablishment,
  del,
  expectError,
  followerOf,
  get,
  post,
  profile,
  put,
  setupEstablishmentsApp,
  t,
  userWithRole,
} from '../../../../tests/support/establishments-fixtures';
import { Msg } from '../../../shared/messages';
import type { PublicEstablishment } from '../../../shared/schemas/establishment.schema';

const publicUrl = (id: string) => `/api/public/establishments/${id}`;
const pageOf = (res: { json: <T>() => T }) =>
  res.json<{ establishment: PublicEstablishment }>().establishment;
const revalidate = (url: string, etag: string, token?: string) =>
  t.request({ method: 'GET', url, headers: { 'if-none-match': etag }, ...(token ? { token } : {}) });

describe('public profile caching', () => {
  setupEstablishmentsApp();

  it('answers a guest with an ETag and a short public max-age, and 304 without a body when unchanged', async () => {
    const e = await createEstablishment({ name: 'Tagged Café' });
    const first = await get(publicUrl(e.publicId));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    expect(first.headers.vary).toMatch(/Authorization/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(pageOf(first)).toMatchObject({ name: 'Tagged Café', viewer: null });

    const again = await revalidate(publicUrl(e.publicId), etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A weak comparison, and a list of tags, as browsers and proxies send them.
    expect((await revalidate(publicUrl(e.publicId), `"other", W/${etag}`)).statusCode).toBe(304);
    // By id or by public id: the same page, the same tag.
    expect((await get(publicUrl(e.id))).headers.etag).toBe(etag);
    // Another tag: the whole page.
    expect((await revalidate(publicUrl(e.publicId), '"stale"')).statusCode).toBe(200);
  });

  it('serves an edit, a new picture and a new follower at once, with a new ETag', async () => {
    const e = await createEstablishment({ name: 'Before Edit' });
    const before = await get(publicUrl(e.publicId));
    const etag = String(before.headers.etag);
    expect(pageOf(before).followerCount).toBe(0);

    const edited = await put(`/api/establishments/${e.id}`, profile({ name: 'After Edit' }), admin.token);
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await revalidate(publicUrl(e.publicId), etag);
    expect(after.statusCode).toBe(200);
    expect(pageOf(after).name).toBe('After Edit');
    expect(after.headers.etag).not.toBe(etag);

    await followerOf(e.id, 'cache-follower');
    const followed = await revalidate(publicUrl(e.publicId), String(after.headers.etag));
    expect(followed.statusCode).toBe(200);
    expect(pageOf(followed).followerCount).toBe(1);
  });

  it('takes a blocked business offline and a deleted one away on the very next request', async () => {
    const blocked = await createEstablishment({ name: 'Soon Blocked' });
    expect((await get(publicUrl(blocked.publicId))).statusCode).toBe(200);
    expect((await post(`/api/establishments/${blocked.id}/block`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    expectError(await get(publicUrl(blocked.publicId)), 403, Msg.establishmentBlocked);
    expect((await post(`/api/establishments/${blocked.id}/unblock`, undefined, admin.token)).statusCode).toBe(
      200,
    );
    expect((await get(publicUrl(blocked.publicId))).statusCode).toBe(200);

    const deleted = await createEstablishment({ name: 'Soon Deleted' });
    const cached = await get(publicUrl(deleted.publicId));
    expect(cached.statusCode).toBe(200);
    expect((await del(`/api/establishments/${deleted.id}`, admin.token)).statusCode).toBe(200);
    expect((await get(publicUrl(deleted.publicId))).statusCode).toBe(404);
    // Not even as "unchanged" to a client holding the old tag.
    expect((await revalidate(publicUrl(deleted.publicId), String(cached.headers.etag))).statusCode).toBe(404);
  });

  it("gives each signed-in caller their own viewer, privately, and never a guest someone's view", async () => {
    const e = await createEstablishment({ name: 'Viewer Café' });
    const guest = await get(publicUrl(e.publicId));
    const follower = await followerOf(e.id, 'viewer-follower');
    const stranger = await userWithRole('customer', 'viewer-stranger');

    const mine = await get(publicUrl(e.publicId), follower.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(pageOf(mine).viewer).toEqual({ following: true, operating: false });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.etag).toMatch(/^W\//);
    const theirs = await get(publicUrl(e.publicId), stranger.token);
    expect(pageOf(theirs).viewer).toEqual({ following: false, operating: false });
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    // A tag is per view: the follower's copy is not the stranger's.
    expect(
      (await revalidate(publicUrl(e.publicId), String(mine.headers.etag), follower.token)).statusCode,
    ).toBe(304);
    expect(
      (await revalidate(publicUrl(e.publicId), String(mine.headers.etag), stranger.token)).statusCode,
    ).toBe(200);

    const guestAgain = await get(publicUrl(e.publicId));
    expect(pageOf(guestAgain).viewer).toBeNull();
    expect(guestAgain.headers['cache-control']).toBe('public, max-age=5');
    // The follow above (a write) changed the count, so the guest's tag changed too.
    expect(guestAgain.headers.etag).not.toBe(guest.headers.etag);
    expect(pageOf(guestAgain).followerCount).toBe(1);
  });
});
