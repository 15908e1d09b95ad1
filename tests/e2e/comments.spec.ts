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

/** The post page's comments, whatever their count ("1 comment", "3 comments"). */
const commentsRegion = (page: Page) => page.getByRole('region', { name: /^\d+ comments?$/ });

/** A snackbar (notistack) with this text. */
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

/** Save the settled screen to test-results/screenshots/comments-<name>-phone.png. */
async function screenshot(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await saveScreenshot(page, {
    path: `test-results/screenshots/comments-${name}-phone.png`,
    fullPage: true,
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

test.describe('comments', () => {
  test('a follower comments on a phone (with a link) and edits it; the operator deletes it and turns comments off', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Comment Café');
    const clientToken = (await apiLogin(request, client)).accessToken;
    const text = 'Happy hour starts at 17:00 today!';
    const post = await postByApi(request, clientToken, establishment.id, text);

    const follower = await registerCustomer(request, { tag: 'commenter', verified: true });
    const followerName = `${follower.firstName} ${follower.lastName}`;
    const followerToken = (await apiLogin(request, follower)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(followerToken),
    });
    expect(follow.status(), await follow.text()).toBe(200);

    // From the feed, the card's "Comment" link opens the post's conversation.
    await startSignedIn(page, followerToken);
    await page.goto('/app/social/feed');
    const card = page.getByRole('article').filter({ hasText: text });
    await card.getByRole('link', { name: /^0 comments on the post of/ }).click();
    await expect(page).toHaveURL(new RegExp(`/notification/${post.id}#comments$`));
    const section = commentsRegion(page);
    await expect(section.getByRole('heading', { name: '0 comments' })).toBeVisible();
    await expect(section.getByText('No comments yet. Be the first to write one.')).toBeVisible();

    // Nothing written: said beside the field.
    const composer = section.getByRole('textbox', { name: 'Write a comment' });
    await section.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(section.getByText('Comment is required')).toBeVisible();

    await composer.fill('See you there! Is the menu at https://example.com/menu still valid?');
    await expect(section.getByText('67 / 1,000')).toBeVisible();
    await composer.press('Control+Enter');
    const comments = section.getByRole('list', { name: 'Comments' });
    const mine = comments.getByRole('listitem').filter({ hasText: followerName });
    await expect(mine).toContainText('See you there!');
    await expect(section.getByRole('heading', { name: '1 comment' })).toBeVisible();
    await expect(composer).toHaveValue('');

    // The link opens in a new tab, as a link made from plain text safely.
    const link = mine.getByRole('link', { name: 'https://example.com/menu' });
    await expect(link).toHaveAttribute('href', 'https://example.com/menu');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await page
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Menu</title>' }),
      );
    const opened = page.waitForEvent('popup');
    await link.click();
    const tab = await opened;
    await expect(tab).toHaveURL('https://example.com/menu');
    await tab.close();

    // The author edits it inline.
    await mine.getByRole('button', { name: `Actions for the comment of ${followerName}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = mine.getByRole('textbox', { name: 'Edit your comment' });
    await expect(editor).toBeFocused();
    await editor.fill('See you there at 17:00! Menu: https://example.com/menu');
    await mine.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(mine).toContainText('See you there at 17:00!');
    await expect(mine).toContainText('edited');
    // The save says so: the comment rules' own message.
    await expect(page.getByText('Comment updated')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'follower');

    // The operator, on their own phone, sees the comment on the post page and deletes it.
    const operator = await phoneOf(browser, baseURL!, clientToken);
    await operator.page.goto(`/app/establishment/${establishment.id}/notification/${post.id}`);
    const operatorSection = commentsRegion(operator.page);
    await expect(operatorSection.getByRole('heading', { name: '1 comment' })).toBeVisible();
    const theirs = operatorSection.getByRole('listitem').filter({ hasText: followerName });
    await expect(theirs).toContainText('See you there at 17:00!');
    await screenshot(operator.page, 'operator');
    await theirs.getByRole('button', { name: `Actions for the comment of ${followerName}` }).click();
    await expect(operator.page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await operator.page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(dialog).toContainText(`The comment of ${followerName} disappears for everyone.`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(snackbar(operator.page, 'Comment deleted')).toBeVisible();
    await expect(operatorSection.getByText('No comments yet.')).toBeVisible();

    // It is gone for the follower too.
    await page.reload();
    await expect(commentsRegion(page)).toContainText('No comments yet. Be the first to write one.');
    await expect(page.getByText('See you there at 17:00!')).toHaveCount(0);

    // The operator turns comments off for the post; the follower's composer says so.
    const toggle = operator.page.getByRole('switch', { name: 'Comments on' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(snackbar(operator.page, 'Comments are off for this post')).toBeVisible();
    // Its label says the state it is in.
    await expect(operator.page.getByRole('switch', { name: 'Comments off' })).not.toBeChecked();

    await page.reload();
    const closed = commentsRegion(page);
    await expect(closed.getByText('Comments are turned off for this post.')).toBeVisible();
    await expect(closed.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
    await screenshot(page, 'off');

    // For the whole business: "Followers may comment" in its profile; the post's switch then says so.
    await operator.page.goto(`/app/establishment/${establishment.id}?tab=profile`);
    const mayComment = operator.page.getByRole('switch', { name: /^Followers may comment/ });
    await expect(mayComment).toBeChecked();
    await mayComment.click();
    await operator.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snackbar(operator.page, 'Establishment updated')).toBeVisible();
    await mayComment.scrollIntoViewIfNeeded();
    await saveScreenshot(operator.page, { path: 'test-results/screenshots/comments-settings-phone.png' });
    await operator.page.goto(`/app/establishment/${establishment.id}/notification/${post.id}`);
    await expect(operator.page.getByRole('switch', { name: 'Comments off' })).toBeDisabled();
    await expect(commentsRegion(operator.page)).toContainText(
      'Turned off for the whole business in its settings',
    );
    await operator.context.close();
    await page.reload();
    await expect(commentsRegion(page).getByText('This business has turned comments off.')).toBeVisible();
  });
  test('a follower asks in a comment; the operator replies as the business on a desktop; the follower reads it under the question and answers', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Reply Bistro');
    const clientToken = (await apiLogin(request, client)).accessToken;
    const post = await postByApi(request, clientToken, establishment.id, 'Goulash tonight from 18:00');
    const follower = await registerCustomer(request, { tag: 'asker', verified: true });
    const followerName = `${follower.firstName} ${follower.lastName}`;
    const followerToken = (await apiLogin(request, follower)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(followerToken),
    });
    expect(follow.status(), await follow.text()).toBe(200);
    const asked = await request.post(`/api/notifications/${post.id}/comments`, {
      headers: bearer(followerToken),
      data: { text: 'A table for four at eight?' },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    // The operator, at a desktop, answers in the business's voice (the switch is on by default).
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
    await desktop.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const operator = await desktop.newPage();
    await startSignedIn(operator, clientToken);
    await operator.goto(`/app/establishment/${establishment.id}/notification/${post.id}#comments`);
    const section = commentsRegion(operator);
    await section.getByRole('button', { name: `Reply to ${followerName}` }).click();
    const box = section.getByRole('textbox', { name: `Write a reply to ${followerName}` });
    await expect(box).toBeFocused();
    await expect(section.getByRole('switch', { name: 'Reply as Reply Bistro' })).toBeChecked();
    await box.fill('Yes, a table for four at eight is yours.');
    await section.getByRole('button', { name: 'Reply', exact: true }).click();
    const replies = section.getByRole('list', { name: `Replies to ${followerName}` });
    await expect(replies.getByRole('listitem')).toHaveCount(1);
    await expect(replies).toContainText('Yes, a table for four at eight is yours.');
    await expect(replies).toContainText('Operator');
    await expect(box).toHaveCount(0);

    // Operators without push choose how often they hear of comments by email.
    await operator.goto('/app/account');
    const card = operator.getByRole('region', { name: /^Emails? about comments and messages$/ });
    await card.getByRole('combobox', { name: 'Email me' }).click();
    await operator.getByRole('option', { name: /, for each one$/ }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(operator, 'setting saved')).toBeVisible();
    await saveScreenshot(operator, { path: 'test-results/screenshots/comments-email-notices-desktop.png' });
    await desktop.close();

    // The follower, on a phone, reads the answer under the question and replies in the thread.
    await startSignedIn(page, followerToken);
    await page.goto(`/app/establishment/${establishment.id}/notification/${post.id}#comments`);
    const thread = commentsRegion(page).getByRole('list', { name: `Replies to ${followerName}` });
    await expect(thread).toContainText('Yes, a table for four at eight is yours.');
    // One level deep: a reply has no "Reply" of its own.
    await expect(thread.getByRole('button', { name: /^Reply to/ })).toHaveCount(0);
    await commentsRegion(page)
      .getByRole('button', { name: `Reply to ${followerName}` })
      .click();
    await commentsRegion(page)
      .getByRole('textbox', { name: `Write a reply to ${followerName}` })
      .fill('Perfect, see you then!');
    await commentsRegion(page).getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByRole('listitem').last()).toContainText('Perfect, see you then!');
    await expectAccessible(page);
    await screenshot(page, 'replies');

    // "Reply privately" takes the question to the business's inbox, quoted.
    await commentsRegion(page).getByRole('button', { name: 'Reply privately' }).click();
    const dialog = page.getByRole('dialog', { name: /^Reply privately to Reply Bistro/ });
    await expect(dialog).toContainText('A table for four at eight?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Write a message')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your message' }).fill('We are five now: still fine?');
    await saveScreenshot(page, { path: 'test-results/screenshots/comments-reply-privately-phone.png' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(snackbar(page, 'Sent privately to Reply Bistro')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const inbox = await request.get(`/api/establishments/${establishment.id}/conversations`, {
      headers: bearer(clientToken),
    });
    expect(inbox.status(), await inbox.text()).toBe(200);
    const { items } = (await inbox.json()) as { items: { lastMessage: string; postId: string | null }[] };
    expect(items).toHaveLength(1);
    expect(items[0]!.postId).toBe(post.id);
    expect(items[0]!.lastMessage).toContain('A table for four at eight?');
    expect(items[0]!.lastMessage).toContain('We are five now: still fine?');
  });
});
