import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { adminToken, apiLogin, registerCustomer, startSignedIn } from './support/users';

/** The screen at desktop width and at 390 px (a common phone), saved under test-results/screenshots. */
async function screenshots(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return page.setViewportSize({ width: 1280, height: 800 });
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, {
      path: `test-results/screenshots/${name}-${size}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The snackbar's text (notistack shows one at a time). */
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

test.describe('management: preferences and preference groups', () => {
  test('an admin creates a group and a preference in it, edits both, and sees the required-field messages', async ({
    page,
    request,
  }) => {
    const tag = randomUUID().slice(0, 6);
    await startSignedIn(page, await adminToken(request));

    // A group, after the form said its name is required.
    await page.goto('/app/management/preference-groups');
    await expect(page.getByRole('heading', { name: 'Preference groups', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New group' }).click();
    const groupDialog = page.getByRole('dialog', { name: /New preference group/ });
    await groupDialog.getByRole('button', { name: 'Create group' }).click();
    await expect(groupDialog.getByText('group name is required')).toBeVisible();
    await groupDialog.getByLabel('Group name (English)').fill(`Drinks ${tag}`);
    await groupDialog.getByRole('button', { name: /Translations/ }).click();
    await groupDialog.getByLabel('Slovak').fill(`Nápoje ${tag}`);
    await groupDialog.getByRole('button', { name: 'Create group' }).click();
    await expect(snackbar(page, 'Preference Group created!')).toBeVisible();
    await expect(groupDialog).toBeHidden();
    await expect(
      page.getByRole('table', { name: 'Preference groups' }).getByRole('link', { name: `Drinks ${tag}` }),
    ).toBeVisible();

    // A preference in it, after the form said its name and its group are required.
    await page.getByRole('main').getByRole('link', { name: 'Preferences', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/management\/preferences$/);
    await page.getByRole('button', { name: 'New preference' }).click();
    const dialog = page.getByRole('dialog', { name: /New preference/ });
    await dialog.getByRole('button', { name: 'Create preference' }).click();
    await expect(dialog.getByText('preference name is required')).toBeVisible();
    await expect(dialog.getByText('group is required')).toBeVisible();
    await screenshots(page, 'management-preference-new-errors');
    await dialog.getByLabel('Name (English)').fill(`Coffee ${tag}`);
    await dialog.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: `Drinks ${tag}` }).click();
    await dialog.getByRole('button', { name: 'Create preference' }).click();
    await expect(snackbar(page, 'Preference created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Found by its group in the list; edited on its page.
    await page.getByLabel('Search by name in any language').fill(tag);
    const table = page.getByRole('table', { name: 'Preferences' });
    const row = table.getByRole('row').filter({ hasText: `Coffee ${tag}` });
    await expect(row).toContainText(`Drinks ${tag}`);
    await expect(row.getByRole('cell').last()).toHaveText('0');
    await screenshots(page, 'management-preferences');
    await expectAccessible(page);
    await row.getByRole('link', { name: `Coffee ${tag}` }).click();
    await expect(page.getByRole('heading', { name: `Coffee ${tag}` })).toBeVisible();
    await page.getByLabel('Name (English)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('preference name is required')).toBeVisible();
    await page.getByLabel('Name (English)').fill(`Espresso ${tag}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(snackbar(page, 'Preference updated')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Espresso ${tag}` })).toBeVisible();
    await screenshots(page, 'management-preference');

    // Its group: renamed, lists the preference, and cannot be deleted while it holds one.
    await page.getByRole('link', { name: `Group: Drinks ${tag}` }).click();
    await expect(page.getByRole('heading', { name: `Drinks ${tag}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Preferences in this group' })).toContainText(
      `Espresso ${tag}`,
    );
    await page.getByLabel('Group name (English)').fill(`Hot drinks ${tag}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(snackbar(page, 'Preference Group updated')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Hot drinks ${tag}` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete group' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      snackbar(page, 'This group still holds preferences: move or delete them first.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/app\/management\/preference-groups\/[0-9a-f-]+$/);
    await screenshots(page, 'management-preference-group');
    await expectAccessible(page);
  });

  test('a customer picks a preference in their account, and the admin list counts them', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const admin = { authorization: `Bearer ${await adminToken(request)}` };
    const group = await request.post('/api/preference-groups', {
      headers: admin,
      data: { name: `Music ${tag}` },
    });
    expect(group.status(), await group.text()).toBe(201);
    const groupId = (await group.json()).group.id as string;
    for (const name of [`Jazz ${tag}`, `Rock ${tag}`]) {
      const created = await request.post('/api/preferences', { headers: admin, data: { name, groupId } });
      expect(created.status(), await created.text()).toBe(201);
    }

    const customer = await registerCustomer(request, { tag: 'interests', verified: true });
    await startSignedIn(page, (await apiLogin(request, customer)).accessToken);
    await page.goto('/app/account');
    const card = page.getByRole('region', { name: 'My interests' });
    const music = card.getByRole('group', { name: `Music ${tag}` });
    await expect(music.getByRole('checkbox', { name: `Jazz ${tag}` })).not.toBeChecked();
    await music.getByRole('checkbox', { name: `Jazz ${tag}` }).check();
    await card.getByRole('button', { name: 'Save interests' }).click();
    await expect(snackbar(page, 'Preferences saved')).toBeVisible();
    await screenshots(page, 'account-interests');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'My interests' }).getByRole('checkbox', { name: `Jazz ${tag}` }),
    ).toBeChecked();

    // The admin, in their own browser, sees one user on that preference.
    const adminContext = await browser.newContext({ baseURL });
    await adminContext.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const adminPage = await adminContext.newPage();
    await startSignedIn(adminPage, await adminToken(request));
    await adminPage.goto(`/app/management/preferences?q=${tag}&group=${groupId}`);
    const table = adminPage.getByRole('table', { name: 'Preferences' });
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `Jazz ${tag}` })
        .getByRole('cell')
        .last(),
    ).toHaveText('1');
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `Rock ${tag}` })
        .getByRole('cell')
        .last(),
    ).toHaveText('0');
    await adminContext.close();
  });
});
