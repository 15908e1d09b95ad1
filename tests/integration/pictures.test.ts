/**
 * Pictures that would stall the server, over HTTP on every upload route: too
 * many pixels is refused from the header, uploads are streamed to a temporary file under DATA_DIR
 * and that file is gone after every kind of answer.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { Msg } from '../../src/shared/messages';
import type { Establishment } from '../../src/shared/schemas/establishment.schema';
import { MAX_IMAGE_BYTES } from '../../src/shared/uploads';
import { actors, type Session } from '../support/api-actors';
import { expectError } from '../support/expect-error';
import { multipart } from '../support/multipart';
import { plainPng, pngHeaderOnly } from '../support/pictures';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let admin: Session;
let place: Establishment;
let uploadRoutes: string[];

const files = async (...parts: string[]) =>
  readdir(path.join(t.ctx.config.dataDir, ...parts)).catch(() => [] as string[]);
const temporaryFiles = () => files('tmp', 'uploads');
const storedPictures = async () =>
  (await Promise.all(['logo', 'cover', 'gallery', 'post'].map((f) => files('media', f)))).flat();

async function upload(
  url: string,
  bytes: Buffer,
  token: string,
  before: { name: string; value: string }[] = [],
) {
  const body = await multipart([
    ...before,
    { name: 'file', value: new Blob([new Uint8Array(bytes)]), filename: 'x.png' },
  ]);
  return t.request({ method: 'POST', url, token, payload: body.payload, headers: body.headers });
}

const fixture = setupRouteFixture();
beforeAll(async () => {
  ({ t, admin } = fixture);
  place = await fixture.a.establishment(admin, 'Pixel Pub');
  uploadRoutes = [
    '/api/account/avatar',
    `/api/establishments/${place.id}/logo`,
    `/api/establishments/${place.id}/cover`,
    `/api/establishments/${place.id}/gallery`,
    `/api/establishments/${place.id}/media`,
  ];
});

describe('picture uploads', () => {
  it('refuses more than 40 megapixels with 413 on "file", from the header alone, on every upload route', async () => {
    // Garbage pixel data behind an 8000 x 5001 header: decoding it would fail as 415.
    const forged = pngHeaderOnly(8000, 5001);
    // A real picture over the limit: 7000 x 7000 16-bit, a few hundred KB.
    const real = await plainPng(7000, 7000, 16);
    for (const url of uploadRoutes) {
      for (const bytes of [forged, real]) {
        const res = await upload(url, bytes, admin.token);
        expectError(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, { file: Msg.imageTooManyPixels });
        expect(res.json().error).toBe(Msg.imageTooManyPixels);
      }
    }
    // The same forged picture within the limit is decoded, and is unreadable: the 413 never decoded.
    expectError(
      await upload(uploadRoutes[0]!, pngHeaderOnly(8000, 5000), admin.token),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      {
        file: Msg.imageInvalid,
      },
    );
    expect(await storedPictures()).toEqual([]);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('streams each upload to a temporary file under DATA_DIR and removes it after every answer', async () => {
    const png = await plainPng(640, 480);
    const stranger = await actors(t).clientOf(admin, (await actors(t).establishment(admin, 'Elsewhere')).id);

    const ok = await upload('/api/account/avatar', png, admin.token);
    expect(ok.statusCode, ok.body).toBe(200);
    // The folder exists: the upload went through it.
    expect((await readdir(path.join(t.ctx.config.dataDir, 'tmp'))).includes('uploads')).toBe(true);

    const gallery = await upload(`/api/establishments/${place.id}/gallery`, png, admin.token, [
      { name: 'caption', value: 'Our terrace' },
    ]);
    expect(gallery.statusCode, gallery.body).toBe(201);

    const refusals: [string, Awaited<ReturnType<typeof upload>>, number][] = [
      [
        'not an image',
        await upload('/api/account/avatar', Buffer.from('plain text, not a picture'), admin.token),
        415,
      ],
      [
        'over 10 MB',
        await upload('/api/account/avatar', Buffer.alloc(MAX_IMAGE_BYTES + 1, 1), admin.token),
        413,
      ],
      [
        'bad caption',
        await upload(`/api/establishments/${place.id}/gallery`, png, admin.token, [
          { name: 'caption', value: 'x'.repeat(5000) },
        ]),
        400,
      ],
      // Another establishment's client: the service refuses after the file was received.
      ['not theirs', await upload(`/api/establishments/${place.id}/logo`, png, stranger.token), 403],
    ];
    for (const [label, res, status] of refusals) expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
    expectError(refusals[1]![1], 413, ErrorCode.PAYLOAD_TOO_LARGE, { file: Msg.imageTooLarge });
    expect(await temporaryFiles()).toEqual([]);
    // Only the two accepted pictures were stored.
    expect((await storedPictures()).length).toBe(2);
  });
});
