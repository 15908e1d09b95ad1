import { expect, test } from './support/fixtures';
import { linkTo, waitForMail } from './support/mailbox';
import { canSignIn, registerCustomer, signInWithForm } from './support/users';

test.describe('forgotten password', () => {
  test('the emailed link sets a new password; the new one signs in and the old one does not', async ({
    page,
    request,
  }) => {
    const user = await registerCustomer(request, { tag: 'forgot', verified: true });
    const newPassword = 'brand-new-password-42';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await waitForMail(user.email, (m) => m.subject === 'Set a new password');
    const link = linkTo(mail, '/newpassword/');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

    // Bad input is refused beside the fields, before anything is sent.
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Must be at least 7 characters')).toBeVisible();

    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expect(page.getByText('Must be at least 7 characters')).toHaveCount(0);

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The link worked once.
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another-password-1');
    await page.getByLabel('Confirm new password').fill('another-password-1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The token does not exist or is already used!');

    await page.goto('/login');
    await signInWithForm(page, { email: user.email, password: user.password });
    await expect(page.getByRole('alert')).toHaveText(
      'Email/password combination not found. Please try again.',
    );
    await signInWithForm(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/noestablishments$/);
    expect(await canSignIn(request, { email: user.email, password: 'another-password-1' })).toBe(false);
  });
});
