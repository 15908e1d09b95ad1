import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { expectFocused, pressTo, tabTo } from './support/keyboard';
import { adminToken, apiLogin, registerCustomer, startSignedIn, uniqueEmail } from './support/users';

// The main journeys with the keyboard alone: no click, only Tab, Shift+Tab, Enter, Space, Escape,
// the arrows and typing. Every stop must show its focus (support/keyboard.ts); docs/accessibility.md.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** "Skip to content" is the first Tab stop and puts the focus on the page's main region. */
async function skipToMain(page: Page) {
  await pressTo(page, 'Tab', page.getByRole('link', { name: 'Skip to content' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

/** A post of the business, sent and posted through the API. */
async function postByApi(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: { id: string } }).notification.id;
}

test.describe('the keyboard alone', () => {
  test('a guest goes from the business’s page to its register form and registers and follows', async ({
    page,
    request,
  }) => {
    const { establishment } = await clientWithEstablishment(request, 'Keyboard Café');
    await page.goto(`/${establishment.publicId}`);
    await expect(page.getByRole('heading', { level: 1, name: establishment.name })).toBeVisible();
    await skipToMain(page);
    // Past the top bar: the page's own controls come first.
    await pressTo(page, 'Tab', page.getByRole('button', { name: 'Get notifications' }));
    await tabTo(page, page.getByRole('link', { name: 'Follow with email' }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('button', { name: 'Register and follow' })).toBeVisible();
    await skipToMain(page);
    await tabTo(page, page.getByRole('textbox', { name: 'First name' }));
    await page.keyboard.type('Klára');
    await pressTo(page, 'Tab', page.getByRole('textbox', { name: 'Last name' }));
    await page.keyboard.type('Klávesová');
    const email = uniqueEmail('keyboard');
    await pressTo(page, 'Tab', page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(email);
    await pressTo(page, 'Tab', page.getByRole('textbox', { name: 'Phone' }));
    await page.keyboard.type('+421 907 333 444');
    const terms = page.getByRole('checkbox', { name: /I accept the terms/ });
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Register and follow' }));
    await page.keyboard.press('Enter');
    // The answer takes the form's place and the focus, then the web app takes over the page.
    await expect(page.getByText('Confirm your email to get news by email')).toBeVisible({ timeout: 20_000 });
    await skipToMain(page);
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('an operator writes and sends a post, then opens its menu and backs out of deleting it', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Keyboard Bistro');
    await startSignedIn(page, (await apiLogin(request, client)).accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    await expect(page.getByRole('heading', { level: 1, name: establishment.name })).toBeVisible();
    await skipToMain(page);

    const compose = page.getByRole('region', { name: 'New notification' });
    await tabTo(page, compose.getByRole('textbox', { name: /^Message/ }));
    const text = `Soup of the day ${randomUUID().slice(0, 6)}: lentils`;
    await page.keyboard.type(text);
    const sendAndPost = compose.getByRole('button', { name: 'Send and post' });
    await tabTo(page, sendAndPost);
    await page.keyboard.press('Enter');
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    // Sent: the focus stays in the form, ready for the next one.
    await expectFocused(page, compose.getByRole('textbox', { name: /^Message/ }));

    // The post's menu: opened with Enter, walked with the arrows, closed with Escape.
    const menuButton = card.getByRole('button', { name: 'Post actions' });
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expectFocused(page, menu.getByRole('menuitem').first());
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expectFocused(page, menuButton);

    // Delete asks first; Escape backs out and the focus comes back to the menu's button.
    await page.keyboard.press('Enter');
    const remove = menu.getByRole('menuitem', { name: 'Delete' });
    for (let i = 0; i < 8 && !(await remove.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await expectFocused(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    await expectFocused(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, menuButton);
    await expect(card).toBeVisible();
  });

  test('an operator replies to a follower’s comment as the business', async ({ page, request }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Keyboard Pub');
    const clientToken = (await apiLogin(request, client)).accessToken;
    const postId = await postByApi(request, clientToken, establishment.id, 'Quiz night on Thursday');
    const follower = await registerCustomer(request, { tag: 'kb-asker', verified: true });
    const followerName = `${follower.firstName} ${follower.lastName}`;
    const followerToken = (await apiLogin(request, follower)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(followerToken),
    });
    expect(follow.status(), await follow.text()).toBe(200);
    const asked = await request.post(`/api/notifications/${postId}/comments`, {
      headers: bearer(followerToken),
      data: { text: 'Can we come as a team of six?' },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    await startSignedIn(page, clientToken);
    await page.goto(`/app/establishment/${establishment.id}/notification/${postId}`);
    const comments = page.getByRole('region', { name: /^\d+ comments?$/ });
    await expect(comments).toContainText('Can we come as a team of six?');
    await skipToMain(page);
    const replyButton = comments.getByRole('button', { name: `Reply to ${followerName}` });
    await tabTo(page, replyButton);
    await page.keyboard.press('Enter');
    await expectFocused(page, comments.getByRole('textbox', { name: `Write a reply to ${followerName}` }));
    await page.keyboard.type('Yes, teams of up to eight.');
    await pressTo(page, 'Tab', comments.getByRole('switch', { name: 'Reply as Keyboard Pub' }));
    await tabTo(page, comments.getByRole('button', { name: 'Reply', exact: true }));
    await page.keyboard.press('Enter');
    const replies = comments.getByRole('list', { name: `Replies to ${followerName}` });
    await expect(replies).toContainText('Yes, teams of up to eight.');
    // The reply box is gone: the focus goes back to the button that opened it.
    await expectFocused(page, replyButton);
  });

  test('an admin searches the customers, opens one and resets their password', async ({ page, request }) => {
    const customer = await registerCustomer(request, { tag: 'kb-person' });
    const name = `${customer.firstName} ${customer.lastName}`;
    await startSignedIn(page, await adminToken(request));
    await page.goto('/app/management/customers');
    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await skipToMain(page);

    await tabTo(page, page.getByRole('searchbox', { name: 'Search by name, email or phone' }));
    await page.keyboard.type(customer.lastName);
    const person = table.getByRole('link', { name });
    await expect(table.getByRole('row')).toHaveCount(2);
    await tabTo(page, person);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const reset = page.getByRole('button', { name: 'Reset and send password' });
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Reset the password of ${name}?` });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const confirm = dialog.getByRole('button', { name: 'Reset and send' });
    await expectFocused(page, cancel);
    // The dialog keeps the focus: past its last button Tab comes back to its first.
    await pressTo(page, 'Tab', confirm);
    await pressTo(page, 'Tab', cancel);
    await pressTo(page, 'Shift+Tab', confirm);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, reset);

    await page.keyboard.press('Enter');
    await pressTo(page, 'Tab', confirm);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/password/i).and(page.locator('#notistack-snackbar'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, reset);
  });
});
