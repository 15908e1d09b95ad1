import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { createEstablishmentAsAdmin, establishmentFields, uniqueName } from './support/establishments';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { saveScreenshot } from './support/screenshots';
import { adminToken, apiLogin, createUserAsAdmin, startSignedIn } from './support/users';

/** The e2e server's SUPPORT_EMAIL (the default: it sets none). */
const SUPPORT_EMAIL = 'support@localhost';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The current screen (not the whole page) at desktop and at 390 px wide, under test-results/screenshots. */
async function shotBoth(page: Page, name: string, focus?: () => Promise<void>) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await focus?.();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await saveScreenshot(page, {
      path: `test-results/screenshots/${name}-${size}.png`,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);
}

const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

test.describe('a business asks for the service from /home', () => {
  test('the main button leads to the contact form; the request reaches the representatives', async ({
    page,
    request,
  }) => {
    const business = `Kaviareň ${randomUUID().slice(0, 6)}`;
    await page.goto('/home');
    // The landing page is in Slovak (spec section 2); its main button is for businesses.
    const cta = page.getByRole('link', { name: 'Chcem to pre svoj podnik' });
    await expect(cta).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vytvoriť účet zadarmo' })).toHaveCount(0);
    await shotBoth(page, 'home-hero');
    await cta.click();
    const name = page.getByRole('textbox', { name: 'Vaše meno' });
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();

    // Sent empty: each field says what is missing, beside it.
    await page.getByRole('button', { name: 'Odoslať správu' }).click();
    await expect(page.getByText('Meno je povinné')).toBeVisible();
    await expect(page.getByText('Názov podniku je povinný')).toBeVisible();
    await expect(page.getByText('Správa je povinná')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Názov podniku' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const form = page.locator('#contact');
    await shotBoth(page, 'contact-form-errors', () => form.scrollIntoViewIfNeeded());

    await name.fill('Jana Nováková');
    await page.getByRole('textbox', { name: 'Názov podniku' }).fill(business);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('jana@lipa.e2e.test');
    await page.getByRole('textbox', { name: 'Telefón (nepovinné)' }).fill('+421 900 123 456');
    await page
      .getByRole('textbox', { name: 'Správa' })
      .fill('Dobrý deň,\nmáme kaviareň v Košiciach a chceli by sme posielať obedové menu.');
    await page.getByRole('button', { name: 'Odoslať správu' }).click();

    const thanks = page.getByRole('heading', { name: 'Ďakujeme! Vaša správa je na ceste' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.getByText('jana@lipa.e2e.test')).toBeVisible();
    await expectAccessible(page);
    await shotBoth(page, 'contact-form-sent', () => thanks.scrollIntoViewIfNeeded());

    const mail = await waitForMail(SUPPORT_EMAIL, (m) => m.subject.includes(business));
    expect(mail.text).toContain(`Jana Nováková from ${business} would like to use Broadcast.`);
    expect(mail.text).toContain('obedové menu');

    // A representative reads it in their panel.
    const representative = await createUserAsAdmin(request, 'representant', { verified: true });
    await startSignedIn(page, (await apiLogin(request, representative)).accessToken);
    await page.goto('/app/reports/representant');
    const card = page.getByRole('region', { name: 'Contact requests' });
    await expect(card.getByRole('heading', { name: `Jana Nováková, ${business}` })).toBeVisible();
    await expect(card.getByRole('link', { name: 'jana@lipa.e2e.test' })).toHaveAttribute(
      'href',
      'mailto:jana@lipa.e2e.test',
    );
    await expect(card.getByRole('link', { name: '+421 900 123 456' })).toBeVisible();
    await expect(card.getByText('máme kaviareň v Košiciach')).toBeVisible();
    await expectAccessible(page);
    await shotBoth(page, 'contact-requests-panel', () =>
      card.getByRole('heading', { name: `Jana Nováková, ${business}` }).scrollIntoViewIfNeeded(),
    );
  });
});

test.describe('blocking an establishment', () => {
  test('asks first: cancel keeps it active, confirm blocks it', async ({ page, request }) => {
    const fields = establishmentFields(uniqueName('Bar Blok'));
    const establishment = await createEstablishmentAsAdmin(request, fields);
    await startSignedIn(page, await adminToken(request));
    await page.goto(`/app/management/establishment/${establishment.id}`);
    await expect(page.getByRole('heading', { name: fields.name, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${fields.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Its public page goes offline');
    await expectAccessible(page);
    await shotBoth(page, 'establishment-block-confirm');

    // Cancel: nothing changes.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unblock' })).toHaveCount(0);
    const state = await request.get(`/api/establishments/${establishment.id}`, {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
    });
    expect(((await state.json()) as { establishment: { blocked: boolean } }).establishment.blocked).toBe(
      false,
    );

    // Confirm: blocked.
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(snackbar(page, 'Establishment blocked')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();

    // Unblocking asks too.
    await page.getByRole('button', { name: 'Unblock' }).click();
    const unblock = page.getByRole('dialog', { name: `Unblock ${fields.name}?` });
    await unblock.getByRole('button', { name: 'Unblock' }).click();
    await expect(snackbar(page, 'Establishment unblocked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  });
});
