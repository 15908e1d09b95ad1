import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import type { Preference } from '../../src/shared/schemas/preference.schema';
import type { TestSubscription } from '../support/push-service';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { pushesTo, pushServiceSubscription } from './support/push';
import { DESKTOP, screenshotBoth } from './support/screenshots';
import {
  adminToken,
  apiLogin,
  registerCustomer,
  startSignedIn,
  uniqueEmail,
  verifyByLink,
  welcomeOf,
} from './support/users';

test.use({ viewport: DESKTOP });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A group with two preferences, made by the admin through the API; names unique to this run. */
async function preferences(request: APIRequestContext) {
  const headers = bearer(await adminToken(request));
  const suffix = randomUUID().slice(0, 4);
  const group = await request.post('/api/preference-groups', {
    headers,
    data: { name: `Menu ${suffix}`, translations: { sk: `Menu ${suffix}` } },
  });
  expect(group.status(), await group.text()).toBe(201);
  const groupId = ((await group.json()) as { group: { id: string } }).group.id;
  const make = async (name: string) => {
    const response = await request.post('/api/preferences', { headers, data: { groupId, name } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { preference: Preference }).preference;
  };
  return {
    groupName: `Menu ${suffix}`,
    vegan: await make(`Vegan dishes ${suffix}`),
    music: await make(`Live music ${suffix}`),
  };
}

/** A device of this signed-in user: a subscription of the local push service, registered through the API. */
async function device(request: APIRequestContext, token: string): Promise<TestSubscription> {
  const subscription = await pushServiceSubscription();
  const subscribe = await request.post('/notifications/subscribe', {
    headers: bearer(token),
    data: { ...subscription, expirationTime: null },
  });
  expect(subscribe.status(), await subscribe.text()).toBe(201);
  return subscription;
}

/** What the push service accepted for this device, decrypted. */
async function messagesTo(subscription: TestSubscription): Promise<PushMessage[]> {
  return (await pushesTo(subscription.endpoint)).map((m) => m.json as PushMessage);
}

/** A verified follower (registered through the API) with a device and these picks. */
async function follower(request: APIRequestContext, establishmentId: string, picks: string[]) {
  const customer = await registerCustomer(request, { tag: 'targeting-follower', verified: true });
  const token = (await apiLogin(request, customer)).accessToken;
  const follow = await request.post(`/api/establishments/${establishmentId}/follow`, {
    headers: bearer(token),
  });
  expect(follow.status(), await follow.text()).toBe(200);
  const saved = await request.put('/api/account/preferences', {
    headers: bearer(token),
    data: { preferenceIds: picks },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return device(request, token);
}

const reachLine = (page: Page) => page.getByTestId('targeting-reach');

test.describe('targeted sends', () => {
  test('a customer picks a preference on registering; the operator targets it, sees the reach, and only that device receives it', async ({
    page,
    request,
  }) => {
    const { groupName, vegan, music } = await preferences(request);
    const { client, establishment } = await clientWithEstablishment(request, 'Targeting Bistro');

    // The register-and-follow page offers the preferences, grouped, as optional checkboxes.
    const email = uniqueEmail('targeting-register');
    await page.goto(`/${establishment.publicId}/register`);
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Vegan');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+421 905 111 333');
    const interests = page.getByRole('region', { name: 'What are you interested in?' });
    await expect(interests.getByRole('group', { name: groupName })).toBeVisible();
    await interests.getByRole('checkbox', { name: vegan.name }).check();
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await expectAccessible(page);
    await screenshotBoth(page, 'targeting-register');
    await page.getByRole('button', { name: 'Register and follow' }).click();
    await expect(page.getByRole('heading', { name: 'Successfully Registered!' })).toBeVisible();

    // Vera confirms her email and her phone subscribes; two more followers: one likes music, one nothing.
    const welcome = await welcomeOf(email);
    await verifyByLink(request, welcome.verifyUrl);
    const veraToken = (await apiLogin(request, { email, password: welcome.password })).accessToken;
    const mine = await request.get('/api/account/preferences', { headers: bearer(veraToken) });
    expect(((await mine.json()) as { preferenceIds: string[] }).preferenceIds).toEqual([vegan.id]);
    const veraPhone = await device(request, veraToken);
    const musicPhone = await follower(request, establishment.id, [music.id]);
    const otherPhone = await follower(request, establishment.id, []);

    // The operator composes: the reach of everyone, then of the vegan followers only.
    const clientToken = (await apiLogin(request, client)).accessToken;
    await startSignedIn(page, clientToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    const compose = page.getByRole('region', { name: 'New notification' });
    await expect(reachLine(page)).toHaveText('Reachable: 3 of 3 followers (3 by phone, 0 by email)');
    const choice = compose.getByRole('combobox', { name: 'Only followers interested in' });
    await choice.click();
    await page.getByRole('option', { name: vegan.name }).click();
    await page.keyboard.press('Escape');
    await expect(compose.getByRole('button', { name: vegan.name })).toBeVisible();
    await expect(reachLine(page)).toHaveText('Reachable: 1 of 1 follower (1 by phone, 0 by email)');
    const text = 'Tonight: a vegan tasting menu, five courses.';
    await compose.getByRole('textbox', { name: /^Message/ }).fill(text);
    await expectAccessible(page);
    await screenshotBoth(page, 'targeting-compose');

    const sent = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/api/establishments/${establishment.id}/notifications`),
    );
    await compose.getByRole('button', { name: 'Send and post' }).click();
    const answer = (await (await sent).json()) as { notification: Post };
    expect(answer.notification.targets).toEqual([{ preferenceId: vegan.id, name: vegan.name }]);
    await expect(page.locator('#notistack-snackbar')).toHaveText('Notification and post has been sent!');
    // The compose starts over, for every follower.
    await expect(reachLine(page)).toHaveText('Reachable: 3 of 3 followers (3 by phone, 0 by email)');

    // Only Vera's phone got it, once the send is done.
    await expect
      .poll(async () => (await messagesTo(veraPhone)).map((m) => m.body), { timeout: 20_000 })
      .toEqual([text]);
    const id = answer.notification.id;
    await expect
      .poll(async () => {
        const response = await request.get(`/api/notifications/${id}`, { headers: bearer(clientToken) });
        return ((await response.json()) as { post: Post }).post.delivery?.status;
      })
      .toBe('done');
    expect(await messagesTo(musicPhone)).toEqual([]);
    expect(await messagesTo(otherPhone)).toEqual([]);

    // The feed card and the post's page say whom it was sent to.
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card.getByText(`Sent to followers interested in: ${vegan.name}`)).toBeVisible();
    await card.getByRole('link', { name: /^Open/ }).click();
    await expect(page).toHaveURL(new RegExp(`/notification/${id}$`));
    await expect(page.getByTestId('post-targeting')).toHaveText(
      `Sent to followers interested in: ${vegan.name}`,
    );
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    await expect(delivery.getByRole('group', { name: 'Audience', exact: true })).toHaveAccessibleDescription(
      '1',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'targeting-post-page');
  });
});
