/**
 * Email as a second channel, as a follower uses it: they choose email for a business in
 * their account (agreeing to news by email), the business's next send arrives in the SMTP sink, and
 * the email's own link stops it on a page that asks first.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { mailsTo, waitForMail } from './support/mailbox';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

async function send(request: APIRequestContext, token: string, establishmentId: string, text: string) {
  const response = await request.post(`/api/establishments/${establishmentId}/notifications`, {
    headers: bearer(token),
    data: { text, post: true },
  });
  expect(response.status(), await response.text()).toBe(202);
}

test.describe('news by email', () => {
  test('a follower switches a business to email; its next send arrives by email; the email stops it', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Email Espresso');
    const clientToken = (await apiLogin(request, client)).accessToken;
    const customer = await registerCustomer(request, { tag: 'by-email', verified: true });
    const token = (await apiLogin(request, customer)).accessToken;
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: bearer(token),
    });
    expect(follow.status(), await follow.text()).toBe(200);

    await startSignedIn(page, token);
    await page.goto('/app/account');
    const card = page.getByRole('region', { name: 'Your businesses' });
    await expect(card.getByText(establishment.name)).toBeVisible();
    await card.getByRole('combobox', { name: /How you get their news/ }).click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    // They never agreed to news by email: asked now, once.
    const consent = page.getByRole('dialog', { name: 'Get their news by email?' });
    await consent.getByRole('checkbox', { name: 'I agree to receive news by email' }).check();
    await consent.getByRole('button', { name: 'Get news by email' }).click();
    await expect(snackbar(page, 'Changes saved!')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'email-choice-account');

    await send(request, clientToken, establishment.id, 'Espresso tasting on Saturday\nFree for followers');
    const mail = await waitForMail(customer.email, (m) => m.subject === 'Espresso tasting on Saturday');
    expect(mail.text).toContain('Free for followers');
    const unsubscribe = mail.links.find((link) => link.includes('/unsubscribe/'))!;
    expect(unsubscribe).toBeTruthy();

    // The email's link: a page that asks before it stops anything.
    await page.goto(new URL(unsubscribe).pathname);
    await expect(
      page.getByRole('heading', { name: `Stop emails from ${establishment.name}?` }),
    ).toBeVisible();
    await screenshotBoth(page, 'email-unsubscribe');
    await page.getByRole('button', { name: 'Stop emails' }).click();
    await expect(page.getByText('You will no longer get emails from this business.')).toBeVisible();

    const before = (await mailsTo(customer.email)).length;
    await send(request, clientToken, establishment.id, 'Nobody by email any more');
    // The send is done (the sender's view) and no new email came.
    await expect
      .poll(async () => {
        const posts = await request.get(`/api/establishments/${establishment.id}/posts`, {
          headers: bearer(clientToken),
        });
        const [latest] = ((await posts.json()) as { items: { delivery: { completedAt: string | null } }[] })
          .items;
        return latest?.delivery.completedAt !== null;
      })
      .toBe(true);
    expect(await mailsTo(customer.email)).toHaveLength(before);
  });
});
