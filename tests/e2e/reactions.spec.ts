import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/** A phone as wide as an iPhone 12 to 15. */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A post's card, by a piece of its text. */
const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** Save the settled screen to test-results/screenshots/reactions-<name>-phone.png. */
async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SAVING_SCREENSHOTS) return expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await saveScreenshot(page, {
    path: `test-results/screenshots/reactions-${name}-phone.png`,
    fullPage,
    animations: 'disabled',
  });
}

/** "Send and post" through the API, as the establishment's client. */
async function postByApi(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

/** Another person's phone: a new browser context, consent given, signed in with this token. */
async function phoneOf(browser: Browser, baseURL: string, token: string) {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL }]);
  const page = await context.newPage();
  await startSignedIn(page, token);
  return { context, page };
}

test.describe('reactions', () => {
  test('a follower reacts on a phone, changes and removes it; the operator sees the count and who reacted', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Reaction Bakery');
    const clientToken = (await apiLogin(request, client)).accessToken;
    const text = 'Cinnamon rolls are out of the oven!';
    const post = await postByApi(request, clientToken, establishment.id, text);

    const follower = await registerCustomer(request, { tag: 'reactor', verified: true });
    const followerToken = (await apiLogin(request, follower)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(followerToken),
    });
    expect(follow.status(), await follow.text()).toBe(200);

    // The follower's feed: no reaction yet, a React button.
    await startSignedIn(page, followerToken);
    await page.goto('/app/social/feed');
    const card = postCard(page, text);
    await expect(card).toBeVisible();
    const reactions = card.getByRole('group', { name: 'Reactions' });
    await reactions.getByRole('button', { name: 'React' }).click();
    const picker = page.getByRole('toolbar', { name: 'Choose a reaction' });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Like' })).toBeFocused();
    await expectAccessible(page);
    await screenshot(page, 'picker');

    // Love: the count shows at once, pressed as theirs.
    await picker.getByRole('button', { name: 'Love' }).click();
    await expect(picker).toBeHidden();
    const love = reactions.getByRole('button', { name: 'Love: 1' });
    await expect(love).toHaveAttribute('aria-pressed', 'true');
    await expect(love).toHaveText('❤️ 1');

    // Changed with the keyboard to a like: the love is gone.
    await reactions.getByRole('button', { name: 'React' }).focus();
    await page.keyboard.press('Enter');
    await expect(picker.getByRole('button', { name: 'Love' })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const like = reactions.getByRole('button', { name: 'Like: 1' });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(reactions.getByRole('button', { name: /^Love/ })).toHaveCount(0);

    // Clicking their own takes it back.
    await like.click();
    await expect(reactions.getByRole('button', { name: /^Like/ })).toHaveCount(0);

    // A celebration that stays, after a reload too.
    await reactions.getByRole('button', { name: 'React' }).click();
    await picker.getByRole('button', { name: 'Celebrate' }).click();
    await expect(reactions.getByRole('button', { name: 'Celebrate: 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(postCard(page, text).getByRole('button', { name: 'Celebrate: 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screenshot(page, 'feed');

    // The operator's post page: the count, and who reacted.
    const operator = await phoneOf(browser, baseURL!, clientToken);
    await operator.page.goto(`/app/establishment/${establishment.id}/notification/${post.id}`);
    const operatorBar = operator.page.getByRole('group', { name: 'Reactions' });
    await expect(operatorBar.getByRole('button', { name: 'Celebrate: 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await operatorBar.getByRole('button', { name: 'Who reacted' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Reactions' });
    const person = dialog
      .getByRole('listitem')
      .filter({ hasText: `${follower.firstName} ${follower.lastName}` });
    await expect(person).toBeVisible();
    await expect(person.getByRole('img', { name: 'Celebrate' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Celebrate: 1' })).toBeVisible();
    await expectAccessible(operator.page);
    // A full-screen dialog: the screen as the phone shows it.
    await screenshot(operator.page, 'who-reacted', { fullPage: false });
    await operator.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await operator.context.close();
  });
});
