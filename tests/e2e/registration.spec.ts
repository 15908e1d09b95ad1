import type { Page } from '@playwright/test';
import { createEstablishmentAsAdmin, establishmentFields, uniqueName } from './support/establishments';
import { expect, test } from './support/fixtures';
import { linkTo, mailsTo, waitForMail } from './support/mailbox';
import {
  apiLogin,
  canSignIn,
  registerCustomer,
  signInWithForm,
  startSignedIn,
  uniqueEmail,
  verifyByLink,
  welcomeOf,
} from './support/users';

/** Fill the registration form (terms left to the caller). */
async function fillRegistration(page: Page, email: string) {
  await page.getByLabel('First name').fill('Jana');
  await page.getByLabel('Last name').fill('Nováková');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+421 905 111 222');
}

const termsBox = (page: Page) => page.getByRole('checkbox', { name: /I accept the terms/ });

test.describe('registration and email verification', () => {
  test('a person registers (signed in at once), follows the emailed link, is verified; the emailed password signs in later', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create new account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await fillRegistration(page, email);
    await termsBox(page).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Successfully Registered!')).toBeVisible();
    // Signed in at once: the link is what is left, and /waiting asks for it.
    await expect(page).toHaveURL(/\/waiting$/);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const { mail, password, verifyUrl } = await welcomeOf(email);
    expect(mail.subject).toBe('Welcome to Broadcast: confirm your email');
    expect(mail.text).toContain('Hello Jana,');
    expect(password.length).toBeGreaterThanOrEqual(7);

    // The link opened in the browser that registered: that session is confirmed, no sign-in.
    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { name: 'You are now verified.' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    // A verified customer who follows no business is told how to follow one.
    await expect(page).toHaveURL(/\/noestablishments$/);
    await expect(page.getByRole('heading', { name: 'Follow a business to get started' })).toBeVisible();
    // The emailed password is for later sign-ins.
    expect(await canSignIn(request, { email, password })).toBe(true);
  });

  test('an unverified customer who signs in waits on /waiting and can have the email sent again', async ({
    page,
    request,
  }) => {
    const user = await registerCustomer(request, { tag: 'waiting' });
    await page.goto('/login');
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/waiting$/);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    // Not verified yet: "I have verified" keeps them here.
    await page.getByRole('button', { name: 'I have verified' }).click();
    await expect(page.getByText('Your email is not verified yet.')).toBeVisible();

    const isVerifyMail = (m: { subject: string }) => m.subject === 'Confirm your email address';
    expect((await mailsTo(user.email)).filter(isVerifyMail)).toHaveLength(0);
    await page.getByRole('button', { name: 'Resend email' }).click();
    await expect(page.getByText('A new verification email is on its way.')).toBeVisible();
    const resent = await waitForMail(user.email, isVerifyMail);

    // The new link verifies the signed-in user, who then continues to their place.
    await page.goto(linkTo(resent, '/verify/'));
    await expect(page.getByRole('heading', { name: 'You are now verified.' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/noestablishments$/);
  });

  test('an unverified follower reads their feed and the business before verifying; /waiting is where the link is sent again', async ({
    page,
    request,
  }) => {
    const establishment = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Waiting Room')),
    );
    const user = await registerCustomer(request, { tag: 'waiting-follower' });
    const token = (await apiLogin(request, user)).accessToken;
    // Following and reading do not wait for the email (pushes reach their devices already).
    const follow = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(follow.status(), await follow.text()).toBe(200);
    const feed = await request.get('/api/feed', { headers: { authorization: `Bearer ${token}` } });
    expect(feed.status()).toBe(200);

    await startSignedIn(page, token);
    await page.goto('/app/social/feed');
    await expect(page).toHaveURL(/\/app\/social\/feed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
    await page.goto(`/app/establishment/${establishment.id}`);
    await expect(page.getByRole('heading', { level: 1, name: establishment.name })).toBeVisible();

    // /waiting says what is left and confirms once the link was opened.
    await page.goto('/waiting');
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await verifyByLink(request, user.verifyUrl);
    await page.getByRole('button', { name: 'I have verified' }).click();
    await expect(page).toHaveURL(/\/app\/social\/feed$/);
  });

  test('the form asks for the terms and refuses an email that is taken', async ({ page, request }) => {
    const taken = await registerCustomer(request, { tag: 'taken' });
    await page.goto('/register');
    await fillRegistration(page, uniqueEmail('no-terms'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This field must be checked')).toBeVisible();
    await expect(termsBox(page)).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill(taken.email);
    await termsBox(page).check();
    await expect(page.getByText('This field must be checked')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Email already exists.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('a verification link opened again says the email is already verified, and leads to sign in', async ({
    page,
    request,
  }) => {
    const user = await registerCustomer(request, { tag: 'used-link' });
    await verifyByLink(request, user.verifyUrl);
    await page.goto(user.verifyUrl);
    await expect(page.getByRole('heading', { name: 'Your email is already verified.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
