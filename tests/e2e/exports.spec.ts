import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { adminToken, apiLogin, registerCustomer, startSignedIn } from './support/users';

/** The account page at desktop width and at 390 px (a phone), to look at. */
async function screenshots(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return page.setViewportSize({ width: 1280, height: 900 });
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, { path: `test-results/screenshots/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('download my data', () => {
  test('a customer downloads their data from the account page', async ({ page, request }) => {
    const user = await registerCustomer(request, { tag: 'my-data', verified: true });
    await startSignedIn(page, (await apiLogin(request, user)).accessToken);
    await page.goto('/app/account');
    await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
    await screenshots(page, 'exports-account-card');

    // JSON, the portability format: one document with their profile.
    await page.getByRole('button', { name: 'Download my data' }).click();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /JSON/ }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
      profile: { email: string };
    };
    expect(data.profile.email).toBe(user.email);

    // CSV from the keyboard: the menu opens on Enter and a format is picked with the keys. Home
    // moves to the first format whether the open menu focused its list or its first item (on a
    // loaded CI runner it was sometimes the list).
    const button = page.getByRole('button', { name: 'Download my data' });
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /CSV/ })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitem', { name: /CSV/ })).toBeFocused();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(csv.suggestedFilename()).toMatch(/^my-data-[\d-]+\.csv$/);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text).toContain(user.email);
    expect(text.split('\r\n')[0]).toBe('\uFEFFProfile');
  });
});

test.describe('export followers', () => {
  test("an operator downloads their establishment's followers from its members tab", async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Export Bistro');
    const fan = await registerCustomer(request, { tag: 'fan', verified: true });
    const fanToken = (await apiLogin(request, fan)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: { authorization: `Bearer ${fanToken}` },
    });
    expect(follow.status(), await follow.text()).toBe(200);

    await startSignedIn(page, (await apiLogin(request, client)).accessToken);
    await page.goto(`/app/establishment/${establishment.id}?tab=members`);
    await expect(page.getByText(fan.email)).toBeVisible();
    await page.getByRole('button', { name: 'Export followers' }).click();
    await expect(page.getByRole('menuitem', { name: /CSV/ })).toBeVisible();
    await saveScreenshot(page, { path: 'test-results/screenshots/exports-followers-menu-desktop.png' });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /CSV/ }).click(),
    ]);
    // Named after the business ("Export Bistro 1a2b3c" -> followers-Export-Bistro-1a2b3c-DATE.csv).
    expect(csv.suggestedFilename()).toMatch(
      new RegExp(`^followers-${establishment.name.replace(/ /g, '-')}-[\\d-]+\\.csv$`),
    );
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFFirst name,Last name,Email,Phone,Email verified,Discounted prices,Followed since,Notified by,Paused,Preferences',
    );
    expect(text).toContain(fan.email);
    expect(text).not.toContain(client.email);

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, {
      path: 'test-results/screenshots/exports-followers-phone.png',
      fullPage: true,
    });
  });
});

test.describe('export establishments', () => {
  test('an admin downloads every establishment from the establishments list', async ({ page, request }) => {
    const { establishment } = await clientWithEstablishment(request, 'Listed Bistro');
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/management/establishment');
    await page.getByRole('button', { name: 'Export establishments' }).click();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /JSON/ }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^establishments-[\d-]+\.json$/);
    const rows = JSON.parse(await readFile((await json.path())!, 'utf8')) as { id: string; name: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ id: establishment.id, name: establishment.name }));

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, { path: 'test-results/screenshots/exports-establishments-phone.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, { path: 'test-results/screenshots/exports-establishments-desktop.png' });
  });
});
