import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { CONSENT_COOKIE } from '../../src/web/lib/storage-keys';
import { expectAccessible } from './support/a11y';
import { E2E_ADMIN } from './support/accounts';
import {
  clientWithEstablishment,
  createEstablishmentAsAdmin,
  establishmentFields,
  establishmentWithPictures,
  field,
  fillEstablishmentForm,
  makePng,
  uniqueName,
} from './support/establishments';
import { expect, test } from './support/fixtures';
import { linkTo, waitForMail } from './support/mailbox';
import { DESKTOP, PHONE, screenshotBoth } from './support/screenshots';
import {
  adminToken,
  createUserAsAdmin,
  registerCustomer,
  signInWithForm,
  uniqueEmail,
  welcomeOf,
} from './support/users';

test.use({ viewport: DESKTOP });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture has arrived and was decoded (not a broken image). */
async function expectLoadedImage(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/** A snackbar (notistack) with this text. */
const snackbar = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

/** Screenshots of the settled screen: the success snackbars have closed (they hide after 4 s). */
async function screenshotSettled(page: Page, name: string) {
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 8_000 });
  await screenshotBoth(page, name);
}

/** Choose files in the file chooser that a button opens, as a person would. */
async function chooseFiles(page: Page, button: Locator, files: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

test.describe('establishments', () => {
  test('a representative registers a client and establishment; the client gets the registration email', async ({
    page,
    request,
  }) => {
    const representant = await createUserAsAdmin(request, 'representant', { verified: true });
    await page.goto('/login');
    await signInWithForm(page, representant);
    await expect(page).toHaveURL(/\/app\/reports\/representant$/);
    await expect(page.getByRole('heading', { name: 'Representant Panel', level: 1 })).toBeVisible();
    await expect(page.getByText('You have not registered any establishment yet')).toBeVisible();

    await page.getByRole('button', { name: 'Register a client and establishment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a client and establishment' });
    await expect(dialog).toBeVisible();
    const section = (title: string) =>
      dialog.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

    const clientEmail = uniqueEmail('client-ui');
    const client = section('Client');
    await field(client, 'First name').fill('Klára');
    await field(client, 'Last name').fill('Kaviarenská');
    await field(client, 'Email').fill(clientEmail);
    await field(client, 'Phone').fill('+421 904 333 444');
    const fields = establishmentFields(uniqueName('Kaviareň Rosa'));
    await fillEstablishmentForm(section('Establishment'), fields);
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(snackbar(page, 'Client and Establishment created!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The new establishment is in the representative's list.
    await expect(page.getByRole('link', { name: new RegExp(fields.name) }).first()).toBeVisible();

    const { mail, password, verifyUrl } = await welcomeOf(clientEmail);
    expect(mail.subject).toBe('Welcome to Broadcast: confirm your email');
    expect(mail.text).toContain('Hello Klára,');
    expect(mail.text).toContain(`Your business ${fields.name} is now on Broadcast`);
    expect(password.length).toBeGreaterThanOrEqual(7);
    expect(verifyUrl).toContain('/verify/');
  });

  test('a client signs in to their establishment, completes the profile, adds pictures and shares the page', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { client, establishment } = await clientWithEstablishment(page.request, 'Bistro Lipa');
    const { name, id, publicId } = establishment;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

    // /redirect: a client with one establishment lands on it.
    await page.goto('/login');
    await signInWithForm(page, client);
    await expect(page).toHaveURL(new RegExp(`/app/establishment/${id}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    // Profile: details.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\?tab=profile$/);
    await expect(field(page, 'Name')).toHaveValue(name);
    await field(page, 'Subheader (a short line under the name)').fill(
      'Breakfast, lunch and the best lemonade',
    );
    await field(page, 'Website').fill('https://lipa.example.sk');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snackbar(page, 'Establishment updated')).toBeVisible();
    await page.reload();
    await expect(field(page, 'Subheader (a short line under the name)')).toHaveValue(
      'Breakfast, lunch and the best lemonade',
    );
    await expect(field(page, 'Website')).toHaveValue('https://lipa.example.sk/'); // stored as parsed

    // Profile: logo and cover.
    const logo = await makePng('logo.png', {
      width: 400,
      height: 400,
      from: '#1b5e20',
      to: '#9ccc65',
      label: 'L',
    });
    const cover = await makePng('cover.png', {
      width: 1600,
      height: 600,
      from: '#004d40',
      to: '#ffb300',
      label: 'Bistro Lipa',
    });
    await expect(page.getByRole('img', { name: 'Current logo' })).toHaveCount(0);
    await chooseFiles(page, page.getByRole('button', { name: 'Upload logo' }), [logo]);
    await expectLoadedImage(page.getByRole('img', { name: 'Current logo' }));
    await expect(page.getByRole('button', { name: 'Change logo' })).toBeVisible();
    await chooseFiles(page, page.getByRole('button', { name: 'Upload cover' }), [cover]);
    await expectLoadedImage(page.getByRole('img', { name: 'Current cover picture' }));
    await expect(page.getByRole('button', { name: 'Change cover' })).toBeVisible();
    // The page's header shows them too (the cover as a background picture).
    await expectLoadedImage(page.getByRole('img', { name: `Logo of ${name}` }));
    await expect(page.getByRole('img', { name: `Cover picture of ${name}` })).toBeVisible();
    await screenshotSettled(page, 'establishment-profile');

    // Gallery: two pictures at once, with one caption.
    await page.getByRole('tab', { name: 'Gallery' }).click();
    await expect(page.getByText('No pictures yet')).toBeVisible();
    const pictures = [
      await makePng('terrace.png', {
        width: 800,
        height: 600,
        from: '#0277bd',
        to: '#80deea',
        label: 'Terrace',
      }),
      await makePng('lemonade.png', {
        width: 800,
        height: 600,
        from: '#f57f17',
        to: '#fff176',
        label: 'Lemonade',
      }),
    ];
    await page.getByLabel('Caption', { exact: true }).fill('Summer at Lipa');
    await chooseFiles(page, page.getByRole('button', { name: 'Choose pictures' }), pictures);
    await expect(snackbar(page, 'Pictures added: 2')).toBeVisible();
    await expect(page.getByText('2 of 30 pictures', { exact: true })).toBeVisible();
    const galleryImages = page.getByRole('img', { name: 'Summer at Lipa' });
    await expect(galleryImages).toHaveCount(2);
    await expectLoadedImage(galleryImages.first());
    await expectLoadedImage(galleryImages.last());
    await screenshotSettled(page, 'establishment-gallery');

    // Share: copy the link, download the QR code.
    await page.getByRole('tab', { name: 'Share' }).click();
    // Shared links say so (?src=share), for the follower funnel; the QR code says ?src=qr.
    const publicLink = `${baseURL}/${publicId}`;
    await expect(page.getByRole('textbox', { name: 'Public page' })).toHaveValue(`${publicLink}?src=share`);
    await expect(page.getByRole('textbox', { name: 'Registration link' })).toHaveValue(
      `${publicLink}/register?src=share`,
    );
    await page.getByRole('button', { name: 'Copy: Public page' }).click();
    await expect(snackbar(page, 'Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${publicLink}?src=share`);
    await expectLoadedImage(page.getByRole('img', { name: `QR code of the public page of ${name}` }));

    const pngDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PNG' }).click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const pngBytes = await readFile(await png.path());
    expect(pngBytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const svgDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download SVG' }).click();
    const svg = await svgDownload;
    expect(svg.suggestedFilename()).toMatch(/\.svg$/);
    expect(await readFile(await svg.path(), 'utf8')).toContain('<svg');

    await expectAccessible(page);
    await screenshotSettled(page, 'establishment-share');
  });

  test('a guest on a phone opens the public page, follows and registers; the emailed link, opened on a computer, signs them in there', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const establishment = await establishmentWithPictures(request, 'Pekáreň Klas');
    const { name, publicId } = establishment;
    const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'true', url: baseURL! }]);
    const page = await context.newPage();

    await page.goto(`/${publicId}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Fresh coffee and cakes every morning')).toBeVisible();
    await expectLoadedImage(page.getByRole('img', { name: `Cover picture of ${name}` }));
    await expect(page.getByRole('heading', { name: 'Gallery' })).toBeVisible();
    const tiles = page.getByRole('link', { name: /^Open the photo: / });
    await expect(tiles).toHaveCount(2);
    await tiles.first().scrollIntoViewIfNeeded();
    await expectLoadedImage(tiles.first().locator('img'));

    await page.getByRole('link', { name: 'Follow with email' }).click();
    await expect(page).toHaveURL(new RegExp(`/${publicId}/register$`));
    await expect(page.getByRole('heading', { name: `Join ${name} on Broadcast` })).toBeVisible();
    const email = uniqueEmail('guest');
    await page.getByLabel('First name').fill('Peter');
    await page.getByLabel('Last name').fill('Hosť');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+421 907 555 111');
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await page.getByRole('button', { name: 'Register and follow' }).click();
    await expect(page.getByRole('heading', { name: 'Successfully Registered!' })).toBeVisible();
    await expect(page.getByText(`We have sent an email to ${email}`)).toBeVisible();

    // Signed in at once: the page says what is left, and sends the email again on request.
    await expect(page.getByText('Confirm your email to get news by email')).toBeVisible();
    await page.getByRole('button', { name: 'Resend email' }).click();
    await expect(page.getByText('A new verification email is on its way.')).toBeVisible();

    const mail = await waitForMail(email, /Welcome to/);
    expect(mail.text).toContain(`You now follow ${name}`);
    const { password } = await welcomeOf(email);
    // Opened on another device (no session there): verified and signed in there, within the hour.
    const computer = await browser.newContext({ baseURL });
    const desk = await computer.newPage();
    await desk.goto(linkTo(mail, '/verify/'));
    await expect(desk.getByRole('heading', { name: 'You are now verified.' })).toBeVisible();
    await desk.getByRole('link', { name: 'Continue' }).click();
    // /redirect: a verified customer who follows a business goes to the social feed.
    await expect(desk).toHaveURL(/\/app\/social\/feed$/);
    await computer.close();
    // The phone's session came from registering and did not confirm the address: it has ended.
    await page.reload();
    await page.goto('/app/social/feed');
    await expect(page).toHaveURL(/\/login$/);
    // The emailed password signs in for good.
    await signInWithForm(page, { email, password });
    await expect(page).toHaveURL(/\/app\/social\/feed$/);
    await context.close();
  });

  test('a blocked business and an unknown address show why the page cannot be opened', async ({
    page,
    request,
  }) => {
    const establishment = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Blocked Bar')),
    );
    await page.goto(`/${establishment.publicId}`);
    await expect(page.getByRole('heading', { name: establishment.name, level: 1 })).toBeVisible();

    const response = await request.post(`/api/establishments/${establishment.id}/block`, {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'This business is not available at the moment.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: establishment.name })).toHaveCount(0);
    await page.goto(`/${establishment.publicId}/register`);
    await expect(
      page.getByRole('heading', { name: 'This business is not available at the moment.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register and follow' })).toHaveCount(0);

    await page.goto('/no-such-business-e2e');
    await expect(page.getByRole('heading', { name: 'This business page does not exist.' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the admin lists establishments, creates one and adds an existing customer to it', async ({
    page,
    request,
  }) => {
    const existing = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Listed Café')),
    );
    const customer = await registerCustomer(request, { tag: 'member', verified: true });

    await page.goto('/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/app\/management\/customers$/);
    await page.goto('/app/management/establishment');
    await expect(page.getByRole('heading', { name: 'Establishments', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(existing.name) }).first()).toBeVisible();
    await screenshotBoth(page, 'management-establishments');
    await page.getByRole('searchbox', { name: 'Search by name, city or email' }).fill(existing.name);
    // The search settles into the address (after a typing pause) before the next click.
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('link', { name: new RegExp(existing.name) }).first()).toBeVisible();

    // A new establishment.
    await page.getByRole('link', { name: 'New establishment' }).click();
    await expect(page).toHaveURL(/\/app\/management\/establishment\/new$/);
    await expect(page.getByRole('heading', { name: 'New establishment', level: 1 })).toBeVisible();
    const fields = establishmentFields(uniqueName('Kníhkupectvo Pod Lipou'));
    await fillEstablishmentForm(page, fields);
    await page.getByRole('button', { name: 'Create establishment' }).click();
    await expect(snackbar(page, 'Establishment created!')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/management\/establishment\/[^/]+$/);
    await expect(page.getByRole('heading', { name: fields.name, level: 1 })).toBeVisible();

    // An existing customer joins it.
    await page.goto('/app/management/establishment/adduser');
    await expect(page.getByRole('heading', { name: 'Add user to establishment', level: 1 })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Establishment' });
    await picker.fill(fields.name);
    await page.getByRole('option', { name: new RegExp(fields.name) }).click();
    await expect(picker).toHaveValue(fields.name);
    await field(page, "User's email").fill(customer.email);
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(snackbar(page, 'User updated!')).toBeVisible();
    await expect(field(page, "User's email")).toHaveValue('');

    // The establishment's page lists the new follower.
    await page.getByRole('link', { name: `Open ${fields.name}` }).click();
    await expect(page.getByRole('heading', { name: fields.name, level: 1 })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
  });

  test('the public page and its registration page are accessible; screenshots', async ({ page, request }) => {
    const establishment = await establishmentWithPictures(request, 'Kvetinárstvo Iris');
    await page.goto(`/${establishment.publicId}`);
    await expect(page.getByRole('heading', { name: establishment.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open the photo: / })).toHaveCount(2);
    await expectAccessible(page);
    await screenshotBoth(page, 'establishment-public');

    await page.getByRole('link', { name: 'Follow with email' }).click();
    await expect(
      page.getByRole('heading', { name: `Join ${establishment.name} on Broadcast` }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'establishment-public-register');
  });
});
