/**
 * The establishments API over HTTP, end to end (logo, cover and gallery pictures): the real app
 * (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users of
 * each role are created directly in the database as setup; everything asserted is what a client sees
 * over HTTP. Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  createEstablishment,
  del,
  establishmentOf,
  expectError,
  expectFieldError,
  expectForbidden,
  expectUnauthorized,
  followerOf,
  get,
  patch,
  png,
  pngPart,
  post,
  setupEstablishmentsApp,
  upload,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { GalleryImage } from '../../../shared/schemas/establishment.schema';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('pictures', () => {
    it('stores the logo (512x512) and the cover (1600x600) as JPEGs under /image/', async () => {
      const e = await createEstablishment({ name: 'Picture Perfect' });
      const client = await clientOf(e.id, 'pic-client');

      const logoRes = await upload(`/api/establishments/${e.id}/logo`, client.token, [
        pngPart(await png(300, 200, '#f00'), 'logo.png'),
      ]);
      expect(logoRes.statusCode, logoRes.body).toBe(200);
      expect(logoRes.json().message).toBe(Msg.establishmentUpdated);
      const logo = establishmentOf(logoRes).logo!;
      expect(logo).toMatch(/^[0-9a-f-]{36}$/);
      const logoImage = await get(`/image/logo/${logo}.jpeg`);
      expect(logoImage.statusCode).toBe(200);
      expect(logoImage.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(logoImage.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 512,
        height: 512,
      });
      const { dominant } = await sharp(logoImage.rawPayload).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g).toBeLessThan(60);

      const coverRes = await upload(`/api/establishments/${e.id}/cover`, admin.token, [
        pngPart(await png(400, 300, '#00f'), 'cover.png'),
      ]);
      expect(coverRes.statusCode, coverRes.body).toBe(200);
      const cover = establishmentOf(coverRes).cover!;
      expect(cover).toMatch(/^[0-9a-f-]{36}$/);
      expect(establishmentOf(coverRes).logo).toBe(logo);
      const coverImage = await get(`/image/cover/${cover}.jpeg`);
      expect(coverImage.statusCode).toBe(200);
      expect(coverImage.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(coverImage.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 600,
      });

      // The public page carries both names.
      const page = await get(`/api/public/establishments/${e.publicId}`);
      expect(page.json().establishment).toMatchObject({ logo, cover });

      // A new logo replaces the old one, whose file is gone.
      const again = await upload(`/api/establishments/${e.id}/logo`, client.token, [
        pngPart(await png(64, 64)),
      ]);
      const next = establishmentOf(again).logo!;
      expect(next).not.toBe(logo);
      expect((await get(`/image/logo/${next}.jpeg`)).statusCode).toBe(200);
      expect((await get(`/image/logo/${logo}.jpeg`)).statusCode).toBe(404);
    });

    it('refuses a text file (415) and a request without a file (400)', async () => {
      const e = await createEstablishment({ name: 'Picky Pictures' });
      for (const which of ['logo', 'cover', 'gallery']) {
        const fake = await upload(`/api/establishments/${e.id}/${which}`, admin.token, [
          { name: 'file', value: new Blob(['just some text'], { type: 'image/png' }), filename: 'fake.png' },
        ]);
        expectError(fake, 415, Msg.imageInvalid, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.imageInvalid });
        const text = await upload(`/api/establishments/${e.id}/${which}`, admin.token, [
          { name: 'file', value: new Blob(['hello'], { type: 'text/plain' }), filename: 'notes.txt' },
        ]);
        expectError(text, 415, Msg.imageInvalid, ErrorCode.UNSUPPORTED_MEDIA);

        const none = await upload(`/api/establishments/${e.id}/${which}`, admin.token, [
          { name: 'caption', value: 'no file here' },
        ]);
        expectError(none, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
        const json = await post(`/api/establishments/${e.id}/${which}`, { file: 'abc' }, admin.token);
        expectError(json, 400, Msg.fileMissing, ErrorCode.VALIDATION, { file: Msg.fileMissing });
      }
      const after = establishmentOf(await get(`/api/establishments/${e.id}`, admin.token));
      expect(after).toMatchObject({ logo: null, cover: null });
      expect((await get(`/api/establishments/${e.id}/gallery`)).json()).toEqual({ items: [] });
    });

    it('gallery: add with a caption, list publicly, change the caption, delete', async () => {
      const e = await createEstablishment({ name: 'Gallery Gourmet' });
      const client = await clientOf(e.id, 'gallery-client');

      const added = await upload(`/api/establishments/${e.id}/gallery`, client.token, [
        { name: 'caption', value: 'Our terrace at sunset' },
        pngPart(await png(2400, 1200, '#0f0'), 'terrace.png'),
      ]);
      expect(added.statusCode, added.body).toBe(201);
      const image = added.json<GalleryImage>();
      expect(image).toMatchObject({ caption: 'Our terrace at sunset', width: 1600, height: 800 });
      expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
      const file = await get(`/image/gallery/${image.image}.jpeg`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 800,
      });

      // Small pictures are not enlarged; a missing caption is empty.
      const small = await upload(`/api/establishments/${e.id}/gallery`, admin.token, [
        pngPart(await png(40, 30)),
      ]);
      expect(small.statusCode, small.body).toBe(201);
      expect(small.json()).toMatchObject({ caption: '', width: 40, height: 30 });

      // Anyone may list it, without a token, by id or public id.
      const listed = await get(`/api/establishments/${e.id}/gallery`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<{ items: GalleryImage[] }>().items.map((i) => i.id)).toEqual([
        image.id,
        small.json().id,
      ]);
      expect((await get(`/api/establishments/${e.publicId}/gallery`)).json().items).toHaveLength(2);
      expect(
        (await get(`/api/public/establishments/${e.publicId}`)).json().establishment.gallery,
      ).toHaveLength(2);

      const captioned = await patch(
        `/api/establishments/${e.id}/gallery/${image.id}`,
        { caption: 'The terrace, renovated' },
        client.token,
      );
      expect(captioned.statusCode, captioned.body).toBe(200);
      expect(captioned.json()).toMatchObject({ id: image.id, caption: 'The terrace, renovated' });
      expect((await get(`/api/establishments/${e.id}/gallery`)).json().items[0].caption).toBe(
        'The terrace, renovated',
      );
      expectFieldError(
        await patch(
          `/api/establishments/${e.id}/gallery/${image.id}`,
          { caption: 'x'.repeat(201) },
          client.token,
        ),
        'caption',
        'Caption must be at most 200 characters',
      );

      // Others may not touch it.
      const follower = await followerOf(e.id, 'gallery-follower');
      expectForbidden(
        await patch(`/api/establishments/${e.id}/gallery/${image.id}`, { caption: 'mine' }, follower.token),
      );
      expectForbidden(await del(`/api/establishments/${e.id}/gallery/${image.id}`, follower.token));
      expectForbidden(
        await upload(`/api/establishments/${e.id}/gallery`, follower.token, [pngPart(await png(8, 8))]),
      );
      expectUnauthorized(await del(`/api/establishments/${e.id}/gallery/${image.id}`));
      // An image of another establishment is not found through this one.
      const other = await createEstablishment({ name: 'Other Gallery' });
      expectError(await del(`/api/establishments/${other.id}/gallery/${image.id}`, admin.token), 404);
      expectError(
        await patch(`/api/establishments/${other.id}/gallery/${image.id}`, { caption: 'x' }, admin.token),
        404,
      );

      const deleted = await del(`/api/establishments/${e.id}/gallery/${image.id}`, client.token);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: Msg.changesSaved });
      expect((await get(`/image/gallery/${image.image}.jpeg`)).statusCode).toBe(404);
      expect(
        (await get(`/api/establishments/${e.id}/gallery`)).json().items.map((i: GalleryImage) => i.id),
      ).toEqual([small.json().id]);
      expectError(await del(`/api/establishments/${e.id}/gallery/${image.id}`, client.token), 404);
      expectError(
        await patch(`/api/establishments/${e.id}/gallery/${image.id}`, { caption: 'gone' }, client.token),
        404,
      );
    });

    it('refuses the 31st gallery picture with 409', async () => {
      const e = await createEstablishment({ name: 'Full House' });
      const tiny = await png(4, 4);
      for (let i = 0; i < 30; i++) {
        const res = await upload(`/api/establishments/${e.id}/gallery`, admin.token, [
          { name: 'caption', value: `Picture ${i + 1}` },
          pngPart(tiny),
        ]);
        expect(res.statusCode, `picture ${i + 1}: ${res.body}`).toBe(201);
      }
      const full = await upload(`/api/establishments/${e.id}/gallery`, admin.token, [pngPart(tiny)]);
      expectError(full, 409, Msg.galleryFull, ErrorCode.VALIDATION, { file: Msg.galleryFull });
      const items = (await get(`/api/establishments/${e.id}/gallery`)).json<{ items: GalleryImage[] }>()
        .items;
      expect(items).toHaveLength(30);
      expect(items[0]!.caption).toBe('Picture 1');
      expect(items[29]!.caption).toBe('Picture 30');
      // Deleting one makes room again.
      expect((await del(`/api/establishments/${e.id}/gallery/${items[0]!.id}`, admin.token)).statusCode).toBe(
        200,
      );
      expect(
        (await upload(`/api/establishments/${e.id}/gallery`, admin.token, [pngPart(tiny)])).statusCode,
      ).toBe(201);
    });
  });
});
