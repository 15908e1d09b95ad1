import type { Locator, Page } from '@playwright/test';
import type { ScheduledList } from '../../src/shared/schemas/notification.schema';
import { instantToZoned, zonedToInstant } from '../../src/shared/zoned-time';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { apiLogin, startSignedIn } from './support/users';

/** An operator on a phone, in another time zone than the business: times are the business's. */
const PHONE = { width: 390, height: 844 };
const ZONE = 'Europe/Bratislava';
test.use({ viewport: PHONE, timezoneId: 'America/New_York' });

/** A day `days` from now on the business's calendar. */
const dayAhead = (days: number) => instantToZoned(Date.now() + days * 24 * 3600_000, ZONE).date;
/** "Tue 25 Nov 2026, 17:00" as the list writes a due time (English: en-GB, the business's zone). */
const dueText = (date: string, time: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ZONE,
  }).format(zonedToInstant({ date, time }, ZONE)!);

async function schedule(page: Page, text: string, date: string, time: string, button: string) {
  const compose = page.getByRole('region', { name: 'New notification' });
  await compose.getByRole('textbox', { name: 'Message' }).fill(text);
  await compose.getByRole('radio', { name: 'Schedule' }).check();
  await expect(compose.getByText(`${ZONE} time, up to 90 days ahead`)).toBeVisible();
  await compose.getByLabel('Date').fill(date);
  await compose.getByRole('textbox', { name: 'Time' }).fill(time);
  await compose.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText('Notification scheduled.')).toBeVisible();
}

const itemOf = (list: Locator, text: string) => list.getByRole('listitem').filter({ hasText: text });

test.describe('scheduled sends', () => {
  test('an operator schedules a send for tomorrow, cancels another, and edits the first', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Scheduled Bistro');
    const { accessToken } = await apiLogin(request, client);
    await startSignedIn(page, accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);

    const scheduled = page.getByRole('region', { name: 'Scheduled' });
    await expect(scheduled.getByText('Nothing scheduled.', { exact: false })).toBeVisible();

    // Tomorrow at 17:00 on the business's clock, sent and posted then.
    const tomorrow = dayAhead(1);
    await schedule(page, 'Happy hour starts at 17:00', tomorrow, '17:00', 'Schedule and post');
    const happy = itemOf(scheduled, 'Happy hour starts at 17:00');
    await expect(happy).toBeVisible();
    await expect(happy.getByText(dueText(tomorrow, '17:00'))).toBeVisible();
    await expect(happy.getByText('With post')).toBeVisible();
    // Not in the feed until it goes.
    await expect(page.getByRole('feed').getByText('Happy hour starts at 17:00')).toHaveCount(0);
    const answer = await request.get(`/api/establishments/${establishment.id}/scheduled`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const { items } = (await answer.json()) as ScheduledList;
    expect(items.map((p) => p.scheduledFor)).toEqual([
      zonedToInstant({ date: tomorrow, time: '17:00' }, ZONE)!.toISOString(),
    ]);

    // Another, push only, the day after: then cancelled.
    const later = dayAhead(2);
    await schedule(page, 'Cancel me', later, '09:00', 'Schedule');
    const doomed = itemOf(scheduled, 'Cancel me');
    await expect(doomed.getByText(dueText(later, '09:00'))).toBeVisible();
    await expect(scheduled.getByRole('listitem')).toHaveCount(2);
    await saveScreenshot(scheduled, { path: 'test-results/screenshots/scheduled-list-phone.png' });
    await doomed.getByRole('button', { name: /^Cancel the notification due/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this scheduled notification?' });
    await expect(confirm.getByText(dueText(later, '09:00'), { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel it' }).click();
    await expect(page.getByText('Scheduled notification cancelled.')).toBeVisible();
    await expect(doomed).toHaveCount(0);
    await expect(scheduled.getByRole('listitem')).toHaveCount(1);

    // The first one's text, edited from the keyboard; its time stays.
    const edit = happy.getByRole('button', { name: /^Edit the notification due/ });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit the scheduled notification' });
    await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow);
    await expect(dialog.getByRole('textbox', { name: 'Time' })).toHaveValue('17:00');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Happy hour starts at 17:00: two for one');
    await saveScreenshot(dialog, { path: 'test-results/screenshots/scheduled-edit-phone.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Scheduled notification updated.')).toBeVisible();
    const edited = itemOf(scheduled, 'two for one');
    await expect(edited.getByText(dueText(tomorrow, '17:00'))).toBeVisible();
    // Checked with a draft in the compose card: its empty preview's grey placeholder is not ours to judge here.
    const compose = page.getByRole('region', { name: 'New notification' });
    await compose.getByRole('textbox', { name: 'Message' }).fill('Next week: live music');
    await compose.getByRole('radio', { name: 'Schedule' }).check();
    await compose.getByRole('radio', { name: 'Schedule' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: 'test-results/screenshots/scheduled-compose-phone.png' });
    await expectAccessible(page);
  });
});
