import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import { SETTINGS_KEY } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { establishmentWithPictures } from './support/establishments';
import { expect, test } from './support/fixtures';

/** Two common small phones: an older Android and an iPhone SE-sized screen. */
const PHONES = [
  { width: 360, height: 640 },
  { width: 375, height: 667 },
];
/** Compact: about a quarter of the smallest screen at most. */
const MAX_BANNER_HEIGHT = 160;

const strings = (language: string) =>
  JSON.parse(readFileSync(`src/shared/i18n/locales/${language}/common.json`, 'utf8')) as {
    publicPage: { follow: string };
    consent: { label: string; text: string };
  };

test.describe('the cookie banner on a phone', () => {
  test.use({ consentGiven: false });

  test('is compact, says what the app stores, and never covers the Follow button, in every language', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const establishment = await establishmentWithPictures(request, 'Banner Bistro');
    for (const language of LANGUAGES) {
      const { publicPage, consent } = strings(language);
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [SETTINGS_KEY, JSON.stringify({ language })],
      );
      for (const viewport of PHONES) {
        await page.setViewportSize(viewport);
        await page.goto(`/${establishment.publicId}`);
        const banner = page.getByRole('region', { name: consent.label });
        // A guest's Follow leads to the register-and-follow page: a link styled as a button.
        const follow = page.getByRole('link', { name: publicPage.follow, exact: true });
        await expect(follow).toBeVisible();
        await expect(banner).toBeVisible();
        // It speaks of local storage (the text's first sentence, as translated), not only of cookies.
        await expect(banner).toContainText(consent.text.split(';')[0]!);
        const bannerBox = (await banner.boundingBox())!;
        const followBox = (await follow.boundingBox())!;
        const where = `${language} at ${viewport.width}x${viewport.height}`;
        expect(bannerBox.height, where).toBeLessThanOrEqual(MAX_BANNER_HEIGHT);
        expect(followBox.y + followBox.height, `Follow ends above the banner, ${where}`).toBeLessThanOrEqual(
          bannerBox.y,
        );
      }
    }
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/screenshots/cookie-banner-phone.png' });
  });
});
