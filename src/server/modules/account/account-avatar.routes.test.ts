/**
 * The accounts API over HTTP, end to end (avatar, and acting on another user's data): the real app
 * (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Assertions
 * are what a client sees: status codes, `{ error, code, fields? }` bodies with the spec's messages,
 * and the emails that arrive. Shared setup and helpers: tests/support/account-api.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ANDROID_APP_URL,
  expectError,
  get,
  me,
  newUser,
  post,
  redPng,
  setupAccountApp,
  uploadAvatar,
} from '../../../../tests/support/account-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('accounts API', () => {
  setupAccountApp({ ANDROID_APP_URL });

  describe('avatar', () => {
    it('stores an uploaded PNG as a 512x512 JPEG served under /image/logo/', async () => {
      const { token } = await newUser('avatar');
      const png = await redPng();
      const res = await uploadAvatar(token, [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const avatar: string = res.json().user.avatar;
      expect(avatar).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().message).toBe(Msg.profileUpdated);
      expect((await me(token)).json().user.avatar).toBe(avatar);

      const image = await get(`/image/logo/${avatar}.jpeg`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
      const { dominant } = await sharp(image.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g).toBeLessThan(60);

      // A new picture replaces the old one, whose file is gone.
      const again = await uploadAvatar(token, [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      expect(again.statusCode, again.body).toBe(200);
      const next: string = again.json().user.avatar;
      expect(next).not.toBe(avatar);
      expect((await get(`/image/logo/${next}.jpeg`)).statusCode).toBe(200);
      expect((await get(`/image/logo/${avatar}.jpeg`)).statusCode).toBe(404);
    });

    it('refuses a text file pretending to be a PNG with 415', async () => {
      const { token } = await newUser('avatar-fake');
      const res = await uploadAvatar(token, [
        {
          name: 'file',
          value: new Blob(['this is not a picture'], { type: 'image/png' }),
          filename: 'fake.png',
        },
      ]);
      expectError(res, 415, Msg.imageInvalid, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.imageInvalid });
      expect((await me(token)).json().user.avatar).toBeNull();
    });

    it('answers 400 when no file is sent', async () => {
      const { token } = await newUser('avatar-none');
      const onlyField = await uploadAvatar(token, [{ name: 'note', value: 'no file here' }]);
      expectError(onlyField, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
      const json = await post('/api/account/avatar', { file: 'abc' }, token);
      expectError(json, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
      const empty = await post('/api/account/avatar', undefined, token);
      expectError(empty, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
    });

    it('answers 413 for a file over 10 MB', async () => {
      const { token } = await newUser('avatar-big');
      const big = new Uint8Array(10 * 1024 * 1024 + 1024).fill(7);
      const res = await uploadAvatar(token, [
        { name: 'file', value: new Blob([big], { type: 'image/png' }), filename: 'big.png' },
      ]);
      expectError(res, 413, Msg.imageTooLarge, ErrorCode.PAYLOAD_TOO_LARGE, { file: Msg.imageTooLarge });
      expect((await me(token)).json().user.avatar).toBeNull();
    });

    it('requires a signed-in user', async () => {
      const png = await redPng();
      const res = await uploadAvatar('', [
        { name: 'file', value: new Blob([new Uint8Array(png)], { type: 'image/png' }), filename: 'me.png' },
      ]);
      expectError(res, 401, Msg.unauthorized, ErrorCode.UNAUTHORIZED);
    });
  });

  describe("acting on another user's data", () => {
    it("a user's token only ever changes that user", async () => {
      const a = await newUser('owner-a');
      const b = await newUser('owner-b');
      const bBefore = (await me(b.token)).json().user;

      const res = await post(
        '/api/account/profile',
        {
          firstName: 'Changed',
          lastName: 'ByA',
          email: a.email,
          phone: '+44 20 7946 0000',
          bio: 'A was here',
        },
        a.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.id).toBe(a.id);
      expect((await me(a.token)).json().user).toMatchObject({ firstName: 'Changed', lastName: 'ByA' });

      // Ids in the body are not parameters: they cannot point the update at someone else.
      const smuggled = await post(
        '/api/account/profile',
        {
          id: b.id,
          userId: b.id,
          firstName: 'Evil',
          lastName: 'Twin',
          email: a.email,
          phone: '+44 20 7946 0000',
        },
        a.token,
      );
      expect(smuggled.statusCode).toBe(200);
      expect(smuggled.json().user.id).toBe(a.id);

      expect((await post('/api/account/logout-all', undefined, a.token)).statusCode).toBe(200);
      expect((await me(b.token)).json().user).toEqual(bBefore);
    });
  });
});
