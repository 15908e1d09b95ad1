/**
 * The establishments API over HTTP, end to end (QR code and Open Graph page): the real app (routing,
 * validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users of each role
 * are created directly in the database as setup; everything asserted is what a client sees over HTTP.
 * Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  admin,
  createEstablishment,
  del,
  establishmentOf,
  expectError,
  expectGone,
  get,
  PUBLIC_URL,
  png,
  pngPart,
  post,
  setupEstablishmentsApp,
  upload,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';

describe('establishments API', () => {
  setupEstablishmentsApp({ webBuild: true });

  describe('QR code', () => {
    it('serves the public page link as SVG, PNG of the asked size, and as a download', async () => {
      const e = await createEstablishment({ name: 'QR Quarters' });
      const svg = await get(`/api/establishments/${e.id}/qr`);
      expect(svg.statusCode, svg.body).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toContain('<svg');
      expect(svg.headers['content-disposition']).toBeUndefined();
      const byPublicId = await get(`/api/establishments/${e.publicId}/qr?format=svg`);
      expect(byPublicId.statusCode).toBe(200);
      expect(byPublicId.body).toBe(svg.body);

      const pngRes = await get(`/api/establishments/${e.id}/qr?format=png&size=256`);
      expect(pngRes.statusCode).toBe(200);
      expect(pngRes.headers['content-type']).toBe('image/png');
      expect([...pngRes.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const meta = await sharp(pngRes.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
      const big = await get(`/api/establishments/${e.id}/qr?format=png&size=1024`);
      expect((await sharp(big.rawPayload).metadata()).width).toBe(1024);

      const download = await get(`/api/establishments/${e.id}/qr?format=png&download=1`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+-qr\.png"$/);
      const svgDownload = await get(`/api/establishments/${e.id}/qr?download=true`);
      expect(svgDownload.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+-qr\.svg"$/);

      for (const query of ['format=gif', 'size=10', 'size=99999', 'size=abc', 'download=maybe']) {
        expectError(
          await get(`/api/establishments/${e.id}/qr?${query}`),
          400,
          undefined,
          ErrorCode.VALIDATION,
        );
      }

      expect((await del(`/api/establishments/${e.id}`, admin.token)).statusCode).toBe(200);
      expectGone(await get(`/api/establishments/${e.id}/qr`));
      expectGone(await get(`/api/establishments/${e.publicId}/qr?format=png`));
      expectGone(await get('/api/establishments/no-such-place-zzz/qr'));
    });
  });

  describe('Open Graph page', () => {
    it('serves /{publicId} with its name (HTML-escaped) and picture as Open Graph tags', async () => {
      const name = 'Tom & Jerry <Bar> "Grill"';
      const e = await createEstablishment({ name, subheader: '' });
      const res = await get(`/${e.publicId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(
        '<meta property="og:title" content="Tom &amp; Jerry &lt;Bar&gt; &quot;Grill&quot;"',
      );
      expect(res.body).not.toContain('<Bar>');
      expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/${e.publicId}"`);
      expect(res.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}/icons/icon-512.png"`);
      expect(res.body).toContain('<title>Tom &amp; Jerry &lt;Bar&gt; &quot;Grill&quot; | Broadcast</title>');
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      // The light page (public-page/): the name is in the HTML itself, escaped.
      expect(res.body).toContain('<h1>Tom &amp; Jerry &lt;Bar&gt; &quot;Grill&quot;</h1>');

      // The register page previews the same way; a cover becomes the preview picture.
      const cover = await upload(`/api/establishments/${e.id}/cover`, admin.token, [
        pngPart(await png(32, 12)),
      ]);
      const coverName = establishmentOf(cover).cover!;
      const register = await get(`/${e.publicId}/register`);
      expect(register.statusCode).toBe(200);
      expect(register.body).toContain('<meta property="og:title" content="Tom &amp; Jerry &lt;Bar&gt;');
      expect(register.body).toContain(
        `<meta property="og:image" content="${PUBLIC_URL}/image/cover/${coverName}.jpeg"`,
      );
    });

    it('serves the plain index.html for an unknown, blocked or deleted id', async () => {
      const blocked = await createEstablishment({ name: 'Hidden Blocked' });
      await post(`/api/establishments/${blocked.id}/block`, undefined, admin.token);
      const deleted = await createEstablishment({ name: 'Hidden Deleted' });
      await del(`/api/establishments/${deleted.id}`, admin.token);
      // /login is a route of the web app: the plain index.html, as built.
      const plain = await get('/login');
      expect(plain.statusCode).toBe(200);
      expect(plain.body).not.toContain('og:title');
      expect(plain.body).toContain('<div id="root"></div>');
      // A blocked business's page exists (it says so); an unknown or deleted one is a 404 (with the
      // web app, which shows its not-found message).
      for (const [url, status] of [
        ['/no-such-place-xyz', 404],
        [`/${blocked.publicId}`, 200],
        [`/${deleted.publicId}/register`, 404],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(status);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body, url).not.toContain('og:title');
        expect(res.body, url).not.toContain('Hidden');
        expect(res.body, url).toBe(plain.body);
      }
    });
  });
});
