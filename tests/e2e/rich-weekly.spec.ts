import type { Page } from '@playwright/test';
import type { PushMessage } from '../../src/shared/push/payload';
import type { ScheduledList } from '../../src/shared/schemas/notification.schema';
import { instantToZoned } from '../../src/shared/zoned-time';
import { expectAccessible } from './support/a11y';
import { clientWithEstablishment } from './support/establishments';
import { expect, test } from './support/fixtures';
import { CONTROL_URL, pushServiceSubscription, waitForPush } from './support/push';
import { screenshotBoth } from './support/screenshots';
import { apiLogin, registerCustomer, startSignedIn } from './support/users';

/**
 * An operator composes a weekly send with a title, a link and two buttons; it is listed
 * with its rule and next date, and its first occurrence reaches a follower's phone (the local push
 * service) with its title, link and buttons. The compose form is looked at in English and German.
 */
const ZONE = 'Europe/Bratislava';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const dayAhead = (days: number) => instantToZoned(Date.now() + days * 24 * 3600_000, ZONE).date;
const weekdayOf = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const BOOK = { label: 'Book a table', url: 'https://bar.example.com/book' };
const MENU = { label: 'See the menu', url: 'https://bar.example.com/menu' };

/** Fill the compose card with every field, in the page's language (`l` names its labels). */
async function fillEverything(page: Page, l: Record<string, string>, first: string, last: string) {
  const compose = page.getByRole('region', { name: l.region });
  await compose
    .getByRole('textbox', { name: l.message })
    .fill('Happy hour every Friday from 17:00: two for one');
  await compose.getByRole('button', { name: l.section }).click();
  await compose.getByRole('textbox', { name: l.title, exact: true }).fill('Friday happy hour');
  await compose.getByRole('textbox', { name: l.link }).fill('https://bar.example.com/happy-hour');
  for (const [index, button] of [BOOK, MENU].entries()) {
    await compose.getByRole('button', { name: l.addButton }).click();
    await compose
      .getByRole('textbox', { name: l.buttonLabel!.replace('{{n}}', String(index + 1)) })
      .fill(button.label);
    await compose
      .getByRole('textbox', { name: l.buttonUrl!.replace('{{n}}', String(index + 1)) })
      .fill(button.url);
  }
  await compose.getByRole('radio', { name: l.schedule }).check();
  await compose.getByLabel(l.date!).fill(first);
  await compose.getByRole('textbox', { name: l.time! }).fill('17:00');
  await compose.getByRole('switch', { name: l.repeat }).check();
  // No end unless one is chosen.
  await expect(compose.getByRole('radio', { name: l.endsNever })).toBeChecked();
  await compose.getByRole('radio', { name: l.endsOn }).check();
  await compose.getByRole('textbox', { name: l.lastDate!, exact: true }).fill(last);
  return compose;
}

const EN = {
  region: 'New notification',
  message: 'Message',
  section: 'Title, link and buttons',
  title: 'Title',
  link: 'Link to open',
  addButton: 'Add a button',
  buttonLabel: 'Button {{n}}: label',
  buttonUrl: 'Button {{n}}: link',
  schedule: 'Schedule',
  date: 'Date',
  time: 'Time',
  repeat: 'Repeat every week',
  endsNever: 'Never',
  endsOn: 'After a last date',
  lastDate: 'Last date',
};

test.describe('weekly sends with a title, a link and buttons', () => {
  test('an operator schedules one; it is listed with its rule and next date, and its first occurrence reaches a phone', async ({
    page,
    request,
  }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Weekly Bar');
    expect(establishment.timeZone).toBe(ZONE);
    const customer = await registerCustomer(request, { tag: 'weekly-follower', verified: true });
    const customerToken = (await apiLogin(request, customer)).accessToken;
    expect(
      (
        await request.post(`/api/establishments/${establishment.id}/follow`, {
          headers: bearer(customerToken),
        })
      ).status(),
    ).toBe(200);
    const phone = await pushServiceSubscription();
    const subscribe = await request.post('/notifications/subscribe', {
      headers: bearer(customerToken),
      data: { ...phone, expirationTime: null },
    });
    expect(subscribe.status(), await subscribe.text()).toBe(201);

    const { accessToken } = await apiLogin(request, client);
    await startSignedIn(page, accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    const first = dayAhead(2);
    const last = dayAhead(2 + 21);
    const compose = await fillEverything(page, EN, first, last);
    const weekday = weekdayOf(first, 'en-GB');
    await expect(compose.getByText(`Every ${weekday} at 17:00, Europe/Bratislava time`)).toBeVisible();
    // The preview shows the title and both buttons as the phone will.
    await expect(
      compose.getByRole('img', { name: /^Preview of the push notification: Friday happy hour\./ }),
    ).toBeVisible();
    await expect(compose.getByText(/^Characters left in the push message: [\d,]+$/)).toBeVisible();
    await compose.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'compose-rich-weekly-en');
    await expectAccessible(page);
    await compose.getByRole('button', { name: 'Schedule and post', exact: true }).click();
    await expect(page.getByText('Weekly send scheduled.')).toBeVisible();

    // Listed with its next date and its rule.
    const scheduled = page.getByRole('region', { name: 'Scheduled' });
    const item = scheduled.getByRole('listitem').filter({ hasText: 'two for one' });
    const until = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${last}T12:00:00Z`));
    await expect(item.getByText(`Every ${weekday} at 17:00 until ${until}`)).toBeVisible();
    const list = async () =>
      (
        (await (
          await request.get(`/api/establishments/${establishment.id}/scheduled`, {
            headers: bearer(accessToken),
          })
        ).json()) as ScheduledList
      ).items;
    const [occurrence] = await list();
    expect(instantToZoned(occurrence!.scheduledFor!, ZONE)).toEqual({ date: first, time: '17:00' });

    // Its time comes: the real scheduler releases it, the follower's phone gets it with everything.
    const due = await fetch(`${CONTROL_URL}/scheduler/due?notification=${occurrence!.id}`, {
      method: 'POST',
    });
    expect(await due.json()).toEqual({ released: expect.arrayContaining([occurrence!.id]) });
    const pushed = (await waitForPush(phone.endpoint)).json as PushMessage;
    expect(pushed).toMatchObject({
      id: occurrence!.id,
      title: 'Friday happy hour',
      body: 'Happy hour every Friday from 17:00: two for one',
      url: 'https://bar.example.com/happy-hour',
      actions: [
        { action: 'a0', title: BOOK.label, url: BOOK.url },
        { action: 'a1', title: MENU.label, url: MENU.url },
      ],
    });

    // The next one waits in the list, on the rule's weekday at 17:00.
    await page.reload();
    const [next] = await list();
    expect(next!.id).not.toBe(occurrence!.id);
    const wall = instantToZoned(next!.scheduledFor!, ZONE);
    expect(wall.time).toBe('17:00');
    expect(weekdayOf(wall.date, 'en-GB')).toBe(weekday);
    await expect(scheduled.getByRole('listitem')).toHaveCount(1);
    await expect(item.getByText(`Every ${weekday} at 17:00 until ${until}`)).toBeVisible();

    // Paused for a holiday week: listed as paused, then resumed.
    await item.getByRole('button', { name: /^Pause the weekly send due/ }).click();
    await expect(page.getByText('Weekly send paused: nothing goes out until you resume it.')).toBeVisible();
    await expect(item.getByText('Paused', { exact: true })).toBeVisible();
    await screenshotBoth(page, 'scheduled-weekly-paused-en');
    await item.getByRole('button', { name: /^Resume the weekly send due/ }).click();
    await expect(page.getByText('Weekly send resumed: the next one goes at its time.')).toBeVisible();
    await expect(item.getByText('Paused', { exact: true })).toHaveCount(0);

    // The post in the feed carries the buttons as links.
    const feed = page.getByRole('region', { name: `Posts of ${establishment.name}` });
    await expect(feed.getByText('Friday happy hour')).toBeVisible();
    await expect(feed.getByRole('link', { name: BOOK.label })).toHaveAttribute('href', BOOK.url);
    await expect(feed.getByRole('link', { name: 'Opens bar.example.com' })).toHaveAttribute(
      'href',
      'https://bar.example.com/happy-hour',
    );
  });

  test('the compose form with every field reads in German too', async ({ page, request }) => {
    const { client, establishment } = await clientWithEstablishment(request, 'Wochenbar');
    const { accessToken } = await apiLogin(request, client);
    await page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ language: 'de' })));
    await startSignedIn(page, accessToken);
    await page.goto(`/app/establishment/${establishment.id}`);
    const de = (await import('../../src/shared/i18n/locales/de/common.json', { with: { type: 'json' } }))
      .default;
    const compose = await fillEverything(
      page,
      {
        region: de.notifications.compose.title,
        message: de.notifications.compose.textLabel,
        section: de.rich.section,
        title: de.rich.titleLabel,
        link: de.rich.linkLabel,
        addButton: de.rich.addButton,
        buttonLabel: de.rich.buttonLabel,
        buttonUrl: de.rich.buttonUrl,
        schedule: de.schedule.later,
        date: de.schedule.date,
        time: de.schedule.time,
        repeat: de.weekly.label,
        endsNever: de.weekly.endsNever,
        endsOn: de.weekly.endsOn,
        lastDate: de.weekly.untilLabel,
      },
      dayAhead(3),
      dayAhead(30),
    );
    await expect(compose.getByText(de.weekly.hint.split('{{')[0]!.trim(), { exact: false })).toBeVisible();
    await compose.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'compose-rich-weekly-de');
    await expectAccessible(page);
  });
});
