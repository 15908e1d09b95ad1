/**
 * The light public pages as a browser receives them over HTTP: the business in the HTML
 * in the visitor's language, the banner only without consent, compressed, and pictures in sizes.
 * What a person does on them is in tests/e2e/public-page-light.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  admin,
  createEstablishment,
  establishmentOf,
  get,
  png,
  pngPart,
  post,
  setupEstablishmentsApp,
  t,
  upload,
} from '../../../../../tests/support/establishments-fixtures';
import { LANGUAGES } from '../../../../shared/i18n/languages';

const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });

/** The page's data for its script (#lp-data). */
const dataOf = (body: string) =>
  JSON.parse(/<script type="application\/json" id="lp-data">(.*?)<\/script>/s.exec(body)![1]!) as Record<
    string,
    unknown
  >;

/** common.json's guestFollow texts in a language. */
const guestFollow = (language: string) =>
  (
    JSON.parse(readFileSync(`src/shared/i18n/locales/${language}/common.json`, 'utf8')) as {
      guestFollow: { asking: string; on: string };
    }
  ).guestFollow;

describe('light public pages', () => {
  setupEstablishmentsApp({ webBuild: true });

  it('speaks the language asked for: ?lang=, then Accept-Language, then English', async () => {
    const e = await createEstablishment({ name: 'Sprachcafé' });
    const german = await page(`/${e.publicId}`, { 'accept-language': 'fr-FR, de-DE;q=0.8, en;q=0.5' });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html lang="de-DE"');
    expect(german.body).toContain('Benachrichtigungen erhalten</button></form>');
    expect(german.body).toContain(`<a href="/${e.publicId}/register">Mit E-Mail folgen</a>`);
    // Installed from here ("Add to Home Screen"), the app opens on this page.
    expect(german.body).toContain(`<link rel="manifest" href="/api/app-manifest?business=${e.publicId}">`);
    expect(german.headers.vary).toMatch(/Accept-Language/);
    // Swedish is "se" in the app, Austrian German "at", but the page names its language by its BCP 47
    // tag; unknown languages fall back to English.
    expect((await page(`/${e.publicId}`, { 'accept-language': 'sv-SE' })).body).toContain(
      '<html lang="sv-SE"',
    );
    expect((await page(`/${e.publicId}`, { 'accept-language': 'de-AT,de' })).body).toContain(
      '<html lang="de-AT"',
    );
    expect((await page(`/${e.publicId}`, { 'accept-language': 'fr' })).body).toContain('<html lang="en-GB"');
    const picked = await page(`/${e.publicId}/register?lang=sk`, { 'accept-language': 'de' });
    expect(picked.body).toContain('<html lang="sk-SK"');
    expect(picked.body).toContain('Zaregistrovať sa a sledovať');
    // A made-up ?lang= is ignored, not echoed.
    const bogus = await page(`/${e.publicId}?lang=%3Cscript%3E`, { 'accept-language': 'hu' });
    expect(bogus.body).toContain('<html lang="hu-HU"');
    expect(bogus.body).not.toContain('<script>');
  });

  it('serves "Get notifications" and "Follow with email" in the HTML, the script getting only the page language\'s texts', async () => {
    const e = await createEstablishment({ name: 'Glocke Bar' });
    const body = (await page(`/${e.publicId}`, { 'accept-language': 'de' })).body;
    // Without a script the button's form opens the register page.
    expect(body).toContain(`<form class="lp-follow" method="get" action="/${e.publicId}/register">`);
    expect(body).toMatch(/<button class="lp-btn lp-primary lp-grow" type="submit" id="lp-guest-follow">/);
    const guest = dataOf(body).guest as { asking: string; on: string };
    expect(guest.asking).toBe(guestFollow('de').asking);
    expect(guest.on).toBe(guestFollow('de').on.replace('{{name}}', 'Glocke Bar'));
    expect(body).not.toContain(guestFollow('en').asking);
    expect(body).not.toContain(guestFollow('sk').asking);
    expect(dataOf((await page(`/${e.publicId}/register`)).body).guest).toBeUndefined();
  });

  it('starts with "Skip to content" in the page\'s language, which leads past the top bar to the main region', async () => {
    const e = await createEstablishment({ name: 'Skip Bar' });
    for (const language of LANGUAGES) {
      const { layout } = JSON.parse(
        readFileSync(`src/shared/i18n/locales/${language}/common.json`, 'utf8'),
      ) as { layout: { skipToContent: string } };
      for (const path of [`/${e.publicId}`, `/${e.publicId}/register`]) {
        const body = (await page(`${path}?lang=${language}`)).body;
        // The first link of the page, before the brand, the language picker and "Sign in".
        const firstLink = /<a [^>]*>[^<]*<\/a>/.exec(body.slice(body.indexOf('<body>')))![0];
        expect(firstLink).toBe(`<a class="lp-skip" href="#lp-main">${layout.skipToContent}</a>`);
        expect(body).toContain('<main id="lp-main" tabindex="-1">');
      }
    }
  });

  it('shows the cookie banner, with "Only necessary" beside "Accept", until the consent cookie comes with the request', async () => {
    const e = await createEstablishment({ name: 'Banner Bar' });
    const fresh = (await page(`/${e.publicId}`)).body;
    expect(fresh).toContain('id="lp-consent"');
    expect(fresh).toMatch(/id="lp-consent-necessary">Only necessary</);
    expect(fresh).toMatch(/id="lp-consent-accept">Accept</);
    // Either choice hides it; `true` is what Accept stored before "Only necessary" existed.
    for (const cookie of ['other=1; consent=true', 'consent=all', 'consent=necessary']) {
      expect((await page(`/${e.publicId}`, { cookie })).body, cookie).not.toContain('id="lp-consent"');
    }
    // A value the banner never wrote is no choice: it asks again.
    expect((await page(`/${e.publicId}`, { cookie: 'consent=maybe' })).body).toContain('id="lp-consent"');
  });

  it('arrives compressed, with one small script and no web app bundle', async () => {
    const e = await createEstablishment({ name: 'Kompakt Kaffee' });
    const res = await page(`/${e.publicId}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(text).toContain('<h1>Kompakt Kaffee</h1>');
    expect(res.rawPayload.length).toBeLessThan(text.length / 2);
    const scripts = [...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/light-[\w-]+\.js$/);
    expect((await get(scripts[0]!)).statusCode).toBe(200);
  });

  it('serves the cover, logo and gallery as WebP at the offered widths only', async () => {
    const e = await createEstablishment({ name: 'Bild Bistro' });
    const cover = establishmentOf(
      await upload(`/api/establishments/${e.id}/cover`, admin.token, [pngPart(await png(1600, 600))]),
    ).cover!;
    const body = (await page(`/${e.publicId}`)).body;
    expect(body).toContain(`/image/sized/cover/${cover}-480.webp 480w`);
    expect(body).toContain(`/image/sized/cover/${cover}-1600.webp 1600w`);

    const small = await get(`/image/sized/cover/${cover}-480.webp`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toContain('immutable');
    const meta = await sharp(small.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    // The second answer is the kept copy, the same bytes.
    expect((await get(`/image/sized/cover/${cover}-480.webp`)).rawPayload.equals(small.rawPayload)).toBe(
      true,
    );

    for (const url of [
      `/image/sized/cover/${cover}-481.webp`,
      `/image/sized/cover/${cover}-480.png`,
      `/image/sized/post/${cover}-480.webp`,
      `/image/sized/cover/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}-480.webp`,
      '/image/sized/cover/..%2F..%2Fsecret-480.webp',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }

    // A replaced cover takes its sized copies with it.
    await upload(`/api/establishments/${e.id}/cover`, admin.token, [pngPart(await png(1600, 600, '#0f0'))]);
    expect((await get(`/image/sized/cover/${cover}-480.webp`)).statusCode).toBe(404);
  });

  it('is served as the web app page for a blocked business and a 404 for an unknown one', async () => {
    const blocked = await createEstablishment({ name: 'Gesperrt' });
    await post(`/api/establishments/${blocked.id}/block`, undefined, admin.token);
    const res = await page(`/${blocked.publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Gesperrt');
    expect((await page('/no-such-business-zz9')).statusCode).toBe(404);
  });
});
