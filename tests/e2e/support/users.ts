import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { LoginResponse } from '../../../src/shared/schemas/account.schema';
import { E2E_ADMIN } from './accounts';
import { linkTo, type Mail, waitForMail } from './mailbox';

/** A fresh address no other test uses, so every test owns its accounts. */
export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@e2e.test`;

/** A customer made for one test, with the password and the verification link of its welcome email. */
export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  verifyUrl: string;
}

/** The generated password in a welcome email (the English text of src/server/mail/locales/en.ts). */
export function passwordFromMail(mail: Mail): string {
  const found = /Your password for signing in: (\S+)/.exec(mail.text);
  if (!found) throw new Error(`no password in "${mail.subject}"`);
  return found[1]!;
}

/** Wait for the welcome email of a registration and read its password and verification link. */
export async function welcomeOf(email: string): Promise<{ mail: Mail; password: string; verifyUrl: string }> {
  const mail = await waitForMail(email, /Welcome to/);
  return { mail, password: passwordFromMail(mail), verifyUrl: linkTo(mail, '/verify/') };
}

/** Register a customer through the API (setup, not what a test is about) and read its welcome email. */
export async function registerCustomer(
  request: APIRequestContext,
  options: { tag?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(options.tag ?? 'customer');
  const firstName = 'Erika';
  const lastName = `Tester${email.slice(-16, -9)}`;
  const response = await request.post('/api/account/register', {
    data: { firstName, lastName, email, phone: '+421 900 123 456', terms: true, language: 'en' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { password, verifyUrl } = await welcomeOf(email);
  if (options.verified) await verifyByLink(request, verifyUrl);
  return { email, password, firstName, lastName, verifyUrl };
}

/** Use a verification link's token through the API. */
export async function verifyByLink(request: APIRequestContext, verifyUrl: string) {
  const token = new URL(verifyUrl).pathname.split('/').pop();
  const response = await request.post('/api/account/verify', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Sign in through the API; the answer's token can be handed to the browser with `startSignedIn`. */
export async function apiLogin(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<LoginResponse> {
  const response = await request.post('/api/account/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginResponse;
}

/** Whether these credentials sign in (asked of the API). */
export async function canSignIn(
  request: APIRequestContext,
  credentials: { email: string; password: string },
) {
  const response = await request.post('/api/account/login', { data: credentials });
  return response.status() === 200;
}

/** The admin's token, through the API. */
export const adminToken = async (request: APIRequestContext) =>
  (await apiLogin(request, E2E_ADMIN)).accessToken;

/**
 * Start the page signed in: the token is put in local storage before the app's first load, once
 * per tab (sessionStorage remembers it), so a later sign-out or a cleared session is not undone on reload.
 */
export async function startSignedIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    try {
      if (sessionStorage.getItem('e2e-token-seeded')) return;
      sessionStorage.setItem('e2e-token-seeded', '1');
      localStorage.setItem('accessToken', value);
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, token);
}

/** Sign in through the sign-in form, as a person would. */
export async function signInWithForm(page: Page, credentials: { email: string; password: string }) {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Create a user of any role as the admin, through the API, and read the password of its welcome email. */
export async function createUserAsAdmin(
  request: APIRequestContext,
  role: 'customer' | 'client' | 'representant' | 'admin',
  options: { verified?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(role);
  const firstName = 'Rita';
  const lastName = `${role[0]!.toUpperCase()}${role.slice(1)}`;
  const response = await request.post('/api/management/users', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { firstName, lastName, email, phone: '+421 900 555 666', role },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { password, verifyUrl } = await welcomeOf(email);
  if (options.verified) await verifyByLink(request, verifyUrl);
  return { email, password, firstName, lastName, verifyUrl };
}
