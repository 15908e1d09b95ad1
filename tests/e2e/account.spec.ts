import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { linkTo, mailsTo, waitForMail } from './support/mailbox';
import { screenshotBoth } from './support/screenshots';
import {
  apiLogin,
  canSignIn,
  registerCustomer,
  signInWithForm,
  startSignedIn,
  type TestUser,
  uniqueEmail,
} from './support/users';

/** A verified customer, signed in, on the given account tab. */
async function openAccount(page: Page, request: APIRequestContext, tag: string, tab = ''): Promise<TestUser> {
  const user = await registerCustomer(request, { tag, verified: true });
  await startSignedIn(page, (await apiLogin(request, user)).accessToken);
  await page.goto(`/app/account${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  return user;
}

test.describe('account page', () => {
  test('changing the password on the Security tab keeps this session working', async ({ page, request }) => {
    const user = await openAccount(page, request, 'change-password', 'security');
    const newPassword = 'changed-password-77';
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    // The form is emptied for the next change.
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // The fresh token replaced the old one: the session survives a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/app\/account\?tab=security$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();

    expect(await canSignIn(request, { email: user.email, password: user.password })).toBe(false);
    expect(await canSignIn(request, { email: user.email, password: newPassword })).toBe(true);
  });

  test('a new picture is uploaded and shown as the avatar', async ({ page, request }, testInfo) => {
    const user = await openAccount(page, request, 'picture');
    const file = testInfo.outputPath('avatar.png');
    await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 220, g: 40, b: 90 } } })
      .png()
      .toFile(file);

    const name = `${user.firstName} ${user.lastName}`;
    const headerAvatar = page.getByRole('img', { name: `Picture of ${name}` }).first();
    // No picture yet: the initials are shown instead of an image.
    await expect(page.locator('img[src^="/image/logo/"]')).toHaveCount(0);

    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(headerAvatar).toHaveAttribute('src', /^\/image\/logo\/[\w-]+\.jpeg$/);
    const src = (await headerAvatar.getAttribute('src'))!;
    // The same picture in the top bar, and the browser could load it.
    await expect(page.locator(`header img[src="${src}"]`)).toBeVisible();
    await expect
      .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const served = await request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/jpeg');

    // It stays after a reload.
    await page.reload();
    await expect(page.getByRole('img', { name: `Picture of ${name}` }).first()).toHaveAttribute('src', src);
  });

  test('the profile is updated on the Profile tab', async ({ page, request }) => {
    const user = await openAccount(page, request, 'profile');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\?tab=profile$/);
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user.email);

    await page.getByLabel('First name').fill('Renata');
    await page.getByLabel('Bio').fill('Coffee, books and dogs.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    // The frame shows the new name at once.
    await expect(
      page.getByRole('button', { name: `Open account menu for Renata ${user.lastName}` }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Renata');
    await expect(page.getByLabel('Bio')).toHaveValue('Coffee, books and dogs.');

    // A required field left empty is refused beside it.
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/^first name is required$/i)).toBeVisible();
  });

  test('changing the email asks for the current password beside the field and tells the old address', async ({
    page,
    request,
  }) => {
    const user = await openAccount(page, request, 'change-email', 'profile');
    const newEmail = uniqueEmail('changed-email');
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    const currentPassword = page.getByLabel('Current password');
    // Only a new address asks for the password.
    await expect(currentPassword).toHaveCount(0);
    await email.fill(newEmail);
    await expect(currentPassword).toBeVisible();
    await expect(page.getByText('Needed to change your email.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter your current password to change your email.')).toBeVisible();

    await currentPassword.fill(`${user.password}-wrong`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();
    await screenshotBoth(page, 'account-email-change');
    expect(await canSignIn(request, { email: newEmail, password: user.password })).toBe(false);

    await currentPassword.fill(user.password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();

    // The old address learns of the change (no link); the new one gets its verification link.
    const notice = await waitForMail(user.email, /Your email address was changed/);
    expect(notice.links).toEqual([]);
    linkTo(await waitForMail(newEmail, /Confirm your email address/), '/verify/');
    expect(await canSignIn(request, { email: newEmail, password: user.password })).toBe(true);
    expect((await mailsTo(user.email)).filter((m) => m.links.length > 0)).toHaveLength(1); // the welcome only
  });

  test('deleting the account signs out at once and the account can no longer sign in', async ({
    page,
    request,
  }) => {
    const user = await openAccount(page, request, 'delete', 'security');
    await page.getByRole('button', { name: 'Delete account' }).click();
    // The dialog asks for the current password; a wrong one is said beside the field.
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Account deleted! Sorry to see you go.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await signInWithForm(page, user);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Email/password combination not found. Please try again.' }),
    ).toBeVisible();
    expect(await canSignIn(request, user)).toBe(false);
  });
});
