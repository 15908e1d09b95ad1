/**
 * QR codes over HTTP: drawn once per address and size and kept under DATA_DIR,
 * the same bytes every time, a new code for a new public id, a 400 naming the allowed sizes, and a
 * per-IP rate limit.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { establishments } from '../../src/server/db/schema';
import { QR_SIZE_MESSAGE, QR_SIZES } from '../../src/server/modules/establishments/qr';
import { ErrorCode } from '../../src/shared/errors';
import { Msg } from '../../src/shared/messages';
import { actors } from '../support/api-actors';
import { expectError } from '../support/expect-error';
import { setupRouteFixture } from '../support/route-fixture';
import type { TestApp } from '../support/test-app';

let t: TestApp;
const get = (url: string, remoteAddress = '127.0.0.1') => t.request({ method: 'GET', url, remoteAddress });

/** Whether a QR code PNG carries `text`: every module's centre pixel is as the encoder draws it. */
async function pngEncodes(png: Buffer, text: string): Promise<boolean> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const scale = info.width / (modules.size + 4); // a margin of 2 modules each side
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      const x = Math.floor((col + 2.5) * scale);
      const y = Math.floor((row + 2.5) * scale);
      const dark = data[(y * info.width + x) * info.channels]! < 128;
      if (dark !== Boolean(modules.get(row, col))) return false;
    }
  }
  return true;
}

const fixture = setupRouteFixture({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '12' }, admin: false });
beforeAll(() => {
  t = fixture.t;
});

describe('QR codes', () => {
  it('draws each size once, answers the same bytes from DATA_DIR, and a new code for a new public id', async () => {
    const a = actors(t);
    const place = await a.establishment(await a.userWithRole('admin'), 'Quick Response Café');
    const qrFiles = () => readdir(path.join(t.ctx.config.dataDir, 'qr')).catch(() => [] as string[]);
    expect(await qrFiles()).toEqual([]);

    const first = await get(`/api/establishments/${place.id}/qr?format=png&size=2048`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 2048,
      height: 2048,
    });
    // The page's address with its visit source, so the funnel counts the visits the code brings.
    expect(await pngEncodes(first.rawPayload, `http://app.test/${place.publicId}?src=qr`)).toBe(true);
    expect(await qrFiles()).toHaveLength(1);
    // The printed poster's code says so instead.
    const poster = await get(`/api/establishments/${place.id}/qr?format=png&size=2048&source=poster`);
    expect(await pngEncodes(poster.rawPayload, `http://app.test/${place.publicId}?src=poster`)).toBe(true);
    expect(await qrFiles()).toHaveLength(2);

    const again = await get(`/api/establishments/${place.publicId}/qr?format=png&size=2048`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const svg = await get(`/api/establishments/${place.id}/qr`);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await get(`/api/establishments/${place.id}/qr?format=svg`)).body).toBe(svg.body);
    // One file per address, format and size, whoever asked and however often.
    expect(await qrFiles()).toHaveLength(3);

    // The public id changes (no route does it today; the cache must not outlive it).
    const newPublicId = `quick-response-${Date.now().toString(36)}`;
    await t.ctx.db
      .update(establishments)
      .set({ publicId: newPublicId })
      .where(eq(establishments.id, place.id));
    const changed = await get(`/api/establishments/${place.id}/qr?format=png&size=2048`);
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(await pngEncodes(changed.rawPayload, `http://app.test/${newPublicId}?src=qr`)).toBe(true);
    expect((await get(`/api/establishments/${place.id}/qr`)).body).not.toBe(svg.body);
  });

  it('answers 400 on "size" naming the allowed sizes, and every allowed size works', async () => {
    const a = actors(t);
    const place = await a.establishment(await a.userWithRole('admin'), 'Sized Up');
    expect(QR_SIZE_MESSAGE).toBe('Size must be one of 256, 512, 1024, 2048.');
    for (const size of ['100', '2049', '4096', 'abc', '512.5']) {
      expectError(
        await get(`/api/establishments/${place.id}/qr?format=png&size=${size}`, '192.0.2.1'),
        400,
        ErrorCode.VALIDATION,
        { size: QR_SIZE_MESSAGE },
      );
    }
    expectError(
      await get(`/api/establishments/${place.id}/qr?source=billboard`, '192.0.2.1'),
      400,
      ErrorCode.VALIDATION,
      { source: 'Source must be qr or poster.' },
    );
    for (const size of QR_SIZES) {
      const res = await get(`/api/establishments/${place.id}/qr?format=png&size=${size}`, '192.0.2.2');
      expect(res.statusCode, res.body).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(size);
    }
  });

  it('limits QR codes per IP address', async () => {
    const a = actors(t);
    const place = await a.establishment(await a.userWithRole('admin'), 'Limited Codes');
    for (let i = 0; i < 12; i++) {
      expect((await get(`/api/establishments/${place.id}/qr`, '198.51.100.7')).statusCode).toBe(200);
    }
    const refused = await get(`/api/establishments/${place.id}/qr`, '198.51.100.7');
    expectError(refused, 429, ErrorCode.RATE_LIMITED);
    expect(refused.json().error).toBe(Msg.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected.
    expect((await get(`/api/establishments/${place.id}/qr`, '198.51.100.8')).statusCode).toBe(200);
  });
});
