import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Comment } from '../../src/shared/schemas/comment.schema';
import type { Post } from '../../src/shared/schemas/notification.schema';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { clientWithEstablishment, field } from './support/establishments';
import { expect, test } from './support/fixtures';
import { linkTo, waitForMail } from './support/mailbox';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn, uniqueEmail } from './support/users';

/**
 * The business's own voice, as an operator on a phone: pin a post, comment as the
 * business, hide a follower's comment and mute them, invite a colleague who signs up and accepts.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

async function screenshot(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await saveScreenshot(page, {
    path: `test-results/screenshots/business-voice-${name}-phone.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

async function postByApi(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { notification: Post }).notification;
}

async function phoneOf(browser: Browser, baseURL: string, token?: string) {
  const context = await browser.newContext({ viewport: PHONE, baseURL });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL }]);
  const page = await context.newPage();
  if (token) await startSignedIn(page, token);
  return { context, page };
}

test('an operator pins a post, comments as the business, hides and mutes a follower, and invites a colleague', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { client, establishment } = await clientWithEstablishment(request, 'Voice Bar');
  const clientToken = (await apiLogin(request, client)).accessToken;
  const menu = await postByApi(
    request,
    clientToken,
    establishment.id,
    'Our new menu is here: burgers all week.',
  );
  await postByApi(request, clientToken, establishment.id, 'Live music on Friday at 20:00.');

  const follower = await registerCustomer(request, { tag: 'voice-follower', verified: true });
  const followerName = `${follower.firstName} ${follower.lastName}`;
  const followerToken = (await apiLogin(request, follower)).accessToken;
  expect(
    (
      await request.post(`/api/establishments/${establishment.id}/follow`, { headers: bearer(followerToken) })
    ).status(),
  ).toBe(200);
  const said = await request.post(`/api/notifications/${menu.id}/comments`, {
    headers: bearer(followerToken),
    data: { text: 'Burgers again? Boring.' },
  });
  expect(said.status(), await said.text()).toBe(201);
  const followerComment = ((await said.json()) as { comment: Comment }).comment;

  // Pin the older post: it moves to the top of the feed, marked.
  await startSignedIn(page, clientToken);
  await page.goto(`/app/establishment/${establishment.id}`);
  const menuCard = page.getByRole('article').filter({ hasText: 'Our new menu is here' });
  await menuCard.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem', { name: 'Pin to the top' }).click();
  await expect(snackbar(page, 'Post pinned to the top of your feed')).toBeVisible();
  const first = page.getByRole('article').first();
  await expect(first).toContainText('Our new menu is here');
  await expect(first).toContainText('Pinned');
  await expect(page.getByRole('article').filter({ hasText: 'Our new menu is here' })).toHaveCount(1);
  await screenshot(page, 'pinned');

  // Comment as the business (the switch is on by default for operators).
  await page.goto(`/app/establishment/${establishment.id}/notification/${menu.id}#comments`);
  const section = page.getByRole('region', { name: /^\d+ comments?$/ });
  await expect(section.getByRole('switch', { name: `Comment as ${establishment.name}` })).toBeChecked();
  await section
    .getByRole('textbox', { name: 'Write a comment' })
    .fill('Try the new veggie burger, on us this week!');
  await section.getByRole('button', { name: 'Comment', exact: true }).click();
  const list = section.getByRole('list', { name: 'Comments' });
  const ours = list.getByRole('listitem').filter({ hasText: 'veggie burger' });
  await expect(ours).toContainText(establishment.name);
  await expect(ours).toContainText('Operator');

  // Hide the follower's comment, then mute them.
  const theirs = list.getByRole('listitem').filter({ hasText: 'Boring' });
  await theirs.getByRole('button', { name: `Actions for the comment of ${followerName}` }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(snackbar(page, 'Comment hidden')).toBeVisible();
  await expect(theirs).toContainText('Hidden: only its author and the business see it.');
  await theirs.getByRole('button', { name: `Actions for the comment of ${followerName}` }).click();
  await page.getByRole('menuitem', { name: `Turn off comments of ${followerName}` }).click();
  await expect(snackbar(page, 'Their comments are turned off for this business')).toBeVisible();
  await screenshot(page, 'conversation');

  // The follower sees their comment marked hidden, the business's reply, and why they cannot write.
  const other = await phoneOf(browser, baseURL!, followerToken);
  await other.page.goto(`/app/establishment/${establishment.id}/notification/${menu.id}#comments`);
  const theirView = other.page.getByRole('region', { name: /^\d+ comments?$/ });
  await expect(theirView.getByRole('listitem').filter({ hasText: 'Boring' })).toContainText(
    'Hidden by the business: only you see it.',
  );
  await expect(theirView.getByRole('listitem').filter({ hasText: 'veggie burger' })).toContainText(
    'Operator',
  );
  await expect(theirView.getByText('The business has turned off your comments on its posts.')).toBeVisible();
  await expect(theirView.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await screenshot(other.page, 'follower-view');
  await other.context.close();
  expect(followerComment.id).toBeTruthy();

  // The muted follower is listed on the Members tab; a colleague is invited there.
  await page.goto(`/app/establishment/${establishment.id}?tab=members`);
  const muted = page.getByRole('region', { name: 'Muted followers' });
  await expect(muted).toContainText(followerName);
  const colleague = uniqueEmail('colleague');
  const invite = page.getByRole('region', { name: 'Invite a colleague' });
  await field(invite, 'Email address').fill(colleague);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(snackbar(page, 'Invitation sent')).toBeVisible();
  await expect(invite.getByRole('list', { name: 'Open invitations' })).toContainText(colleague);

  // The colleague opens the emailed link on their phone, signs up there and accepts.
  const mail = await waitForMail(colleague, /invites you to run/);
  const link = new URL(linkTo(mail, '/invitation/'));
  const theirPhone = await phoneOf(browser, baseURL!);
  const p = theirPhone.page;
  await p.goto(link.pathname);
  await expect(p.getByRole('heading', { name: `Operate ${establishment.name}` })).toBeVisible();
  await expect(p.getByText(`Invitation for ${colleague}`)).toBeVisible();
  await field(p, 'First name').fill('Cleo');
  await field(p, 'Last name').fill('Colleague');
  await field(p, 'Phone').fill('+421 900 555 666');
  await expect(field(p, 'Email')).toHaveValue(colleague);
  await p.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await p.getByRole('button', { name: 'Create account' }).click();
  await p.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(p).toHaveURL(new RegExp(`/app/establishment/${establishment.id}`));
  await expect(snackbar(p, 'You now operate this business')).toBeVisible();
  // An operator now: the compose card is theirs.
  await expect(p.getByRole('article').filter({ hasText: 'Our new menu is here' }).first()).toContainText(
    'Pinned',
  );
  await theirPhone.context.close();
});
