// @module-tag postgres
/**
 * The gallery limit under concurrency: uploads arriving together must not get
 * past GALLERY_LIMIT between counting and inserting, and a refused upload leaves no file behind.
 * Through real HTTP, on PGlite by default and on PostgreSQL with TEST_DATABASE_URL.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { multipart } from '../../../../tests/support/multipart';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { GalleryImage } from '../../../shared/schemas/establishment.schema';
import { GALLERY_LIMIT } from '../../../shared/uploads';

let t: TestApp;
let people: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture({ timeoutMs: 60_000 });
beforeAll(() => {
  ({ t, a: people, admin } = fixture);
});

const png = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

const upload = async (establishmentId: string, token: string, image: Buffer, caption: string) =>
  t.request({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/gallery`,
    token,
    ...(await multipart([
      { name: 'caption', value: caption },
      { name: 'file', value: new Blob([new Uint8Array(image)], { type: 'image/png' }), filename: 'p.png' },
    ])),
  });

/** The JPEG names stored in the gallery media folder (none yet: no folder). */
async function galleryFiles(): Promise<string[]> {
  const dir = path.join(t.ctx.config.dataDir, 'media', 'gallery');
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.jpeg')).map((name) => name.replace(/\.jpeg$/, ''));
}

describe('gallery limit under concurrent uploads', () => {
  it('12 uploads at once into a gallery of 25: exactly 5 get in, 7 are refused, no orphan files', async () => {
    expect(GALLERY_LIMIT).toBe(30);
    const e = await people.establishment(admin, 'Crowded Gallery');
    const client = await people.clientOf(admin, e.id, 'gallery-race');
    const image = await png('#3a7');

    for (let i = 0; i < 25; i++) {
      const res = await upload(e.id, client.token, image, `Picture ${i + 1}`);
      expect(res.statusCode, `picture ${i + 1}: ${res.body}`).toBe(201);
    }

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => upload(e.id, client.token, image, `Rush ${i + 1}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    // Soft: when the limit leaks, the gallery and file counts below tell by how much.
    expect
      .soft(statuses, answers.map((res) => `${res.statusCode} ${res.body}`).join('\n'))
      .toEqual([...Array<number>(5).fill(201), ...Array<number>(7).fill(409)]);
    const accepted = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    for (const res of refused) {
      // The same answer as the single 31st upload gets (establishments.routes.test.ts).
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        error: Msg.galleryFull,
        code: ErrorCode.VALIDATION,
        fields: { file: Msg.galleryFull },
      });
    }

    const listed = await t.request({ method: 'GET', url: `/api/establishments/${e.id}/gallery` });
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json<{ items: GalleryImage[] }>().items;
    expect(items).toHaveLength(GALLERY_LIMIT);
    expect(items.map((i) => i.image)).toEqual(
      expect.arrayContaining(accepted.map((res) => res.json<GalleryImage>().image)),
    );
    // Every stored picture has its file, and no refused upload left one behind.
    const files = await galleryFiles();
    expect(files).toHaveLength(GALLERY_LIMIT);
    expect(new Set(files)).toEqual(new Set(items.map((i) => i.image)));
  }, 120_000);
});
