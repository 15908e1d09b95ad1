import type { Post } from '../../src/shared/schemas/notification.schema';
import { instantToZoned, zonedToInstant } from '../../src/shared/zoned-time';
import { expectAccessible } from './support/a11y';
import {
  clientWithEstablishment,
  createEstablishmentAsAdmin,
  establishmentFields,
  uniqueName,
} from './support/establishments';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/** Phones in Tokyo: the business is in Bratislava. */
const PHONE = { width: 390, height: 844 };
const BUSINESS_ZONE = 'Europe/Bratislava';
test.use({ viewport: PHONE, timezoneId: 'Asia/Tokyo' });

test.describe("each follower's local time", () => {
  test('a follower chooses a time zone, then lets it follow the device again', async ({ page, request }) => {
    const establishment = await createEstablishmentAsAdmin(
      request,
      establishmentFields(uniqueName('Zone Bar')),
    );
    const follower = await registerCustomer(request, { tag: 'zone', verified: true });
    const { accessToken } = await apiLogin(request, follower);
    const followed = await request.post(`/api/establishments/${establishment.id}/follow`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(followed.status(), await followed.text()).toBe(200);
    await startSignedIn(page, accessToken);

    await page.goto('/app/account');
    const card = page.getByRole('region', { name: 'Time zone', exact: true });
    await expect(card).toBeVisible();
    // Followed from no browser: nothing known yet.
    await expect(card.getByText('Not known yet', { exact: false })).toBeVisible();
    const field = card.getByRole('combobox', { name: 'Time zone' });
    await field.fill('America/New');
    await page.getByRole('option', { name: 'America/New York' }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Time zone saved.')).toBeVisible();
    await expect(card.getByText('Chosen by you')).toBeVisible();
    await saveScreenshot(card, { path: 'test-results/screenshots/time-zone-chosen-phone.png' });
    await expectAccessible(page);

    await page.reload();
    await expect(card.getByText('Chosen by you')).toBeVisible();
    await expect(card.getByText('America/New York', { exact: false }).first()).toBeVisible();
    // Back to the device: this browser says Tokyo.
    await card.getByRole('button', { name: 'Follow my device' }).click();
    await expect(page.getByText('Your time zone now follows your device.')).toBeVisible();
    await expect(card.getByText('Follows this device')).toBeVisible();
    await expect(card.getByText('Asia/Tokyo', { exact: false }).first()).toBeVisible();
  });

  test("an operator schedules tomorrow's 17:00 at each follower's local time", async ({ page, request }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Local Bistro');
    const { accessToken } = await apiLogin(request, client);
    await startSignedIn(page, accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);

    const tomorrow = instantToZoned(Date.now() + 24 * 3600_000, BUSINESS_ZONE).date;
    const compose = page.getByRole('region', { name: 'New notification' });
    await compose.getByRole('textbox', { name: 'Message' }).fill('Happy hour at five, wherever you are');
    await compose.getByRole('radio', { name: 'Schedule' }).check();
    await compose.getByLabel('Date').fill(tomorrow);
    await compose.getByRole('textbox', { name: 'Time' }).fill('17:00');
    const local = compose.getByRole('switch', { name: "Each follower's local time" });
    await local.check();
    await expect(
      compose.getByText('Each follower gets it at 17:00 on their own clock', { exact: false }),
    ).toBeVisible();
    await local.scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: 'test-results/screenshots/local-time-compose-phone.png' });
    await compose.getByRole('button', { name: 'Schedule and post', exact: true }).click();
    await expect(page.getByText('Notification scheduled.')).toBeVisible();

    const scheduled = page.getByRole('region', { name: 'Scheduled' });
    const item = scheduled.getByRole('listitem').filter({ hasText: 'Happy hour at five' });
    await expect(item.getByText("each follower's local time", { exact: false })).toBeVisible();
    const answer = await request.get(`/api/establishments/${establishment.id}/scheduled`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const { items } = (await answer.json()) as { items: Post[] };
    expect(items.map((p) => [p.scheduledFor, p.localTime])).toEqual([
      [zonedToInstant({ date: tomorrow, time: '17:00' }, BUSINESS_ZONE)!.toISOString(), true],
    ]);
    await saveScreenshot(scheduled, { path: 'test-results/screenshots/local-time-scheduled-phone.png' });
    await expectAccessible(page);
  });
});
