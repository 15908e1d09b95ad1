/**
 * The welcome notification: an establishment's operators set its text (with
 * translations) in the profile; a new follower's device gets it once, as soon as push is on: at the
 * follow when a device is already subscribed, else when the first device subscribes. Delivered
 * through the real job queue to the local push service, which decrypts what arrives.
 */
import { describe, expect, it } from 'vitest';
import { establishmentFields } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  device,
  push,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { TestSubscription } from '../../../../tests/support/push-service';
import { ErrorCode } from '../../../shared/errors';
import type { PushMessage } from '../../../shared/push/payload';
import type { Establishment } from '../../../shared/schemas/establishment.schema';

const WELCOME = 'Welcome to Corner Café! Show this at the bar for a free espresso today.';
const WELCOME_DE = 'Willkommen im Corner Café! Zeig das an der Bar für einen Gratis-Espresso.';

setupNotificationsApp();

const welcomesTo = (subscription: TestSubscription) =>
  push
    .messages(subscription.endpoint)
    .map((m) => m.json as PushMessage)
    .filter((m) => m.kind === 'welcome');

async function welcomeArrives(subscription: TestSubscription): Promise<PushMessage> {
  const until = Date.now() + 20_000;
  while (welcomesTo(subscription).length === 0) {
    if (Date.now() > until) throw new Error(`no welcome reached ${subscription.endpoint}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return welcomesTo(subscription)[0]!;
}

/** Until no welcome job is waiting or running and every welcome send is done: what was queued has been handled. */
async function welcomeJobsDone() {
  const until = Date.now() + 20_000;
  for (;;) {
    const queue = (await t.ctx.jobs.sizes())['establishments.welcome'];
    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT count(*)::int AS n FROM notifications WHERE source = 'welcome' AND status IN ('queued', 'sending')`,
    );
    const sending = (rows[0] as { n: number }).n;
    if ((!queue || queue.waiting + queue.active === 0) && sending === 0) return;
    if (Date.now() > until) throw new Error('welcome jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A business whose operator set a welcome text (and a German one) in its profile. */
async function businessWithWelcome(name: string) {
  const created = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, created.id, 'operator');
  const res = await a.call(
    'PUT',
    `/api/establishments/${created.id}`,
    establishmentFields(name, { welcomeText: WELCOME, welcomeTranslations: { de: WELCOME_DE, sk: '  ' } }),
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { establishment: created, operator };
}

describe('the welcome notification', () => {
  it('is part of the profile its operators edit; empty translations are dropped; too long is refused by field', async () => {
    const { establishment, operator } = await businessWithWelcome('Corner Café');
    const read = await a.call('GET', `/api/establishments/${establishment.id}`, undefined, operator.token);
    expect(read.json<{ establishment: Establishment }>().establishment).toMatchObject({
      welcomeText: WELCOME,
      welcomeTranslations: { de: WELCOME_DE },
    });
    expect(
      read.json<{ establishment: Establishment }>().establishment.welcomeTranslations,
    ).not.toHaveProperty('sk');

    const tooLong = await a.call(
      'PUT',
      `/api/establishments/${establishment.id}`,
      establishmentFields('Corner Café', { welcomeText: 'x'.repeat(301) }),
      operator.token,
    );
    expectError(tooLong, 400, ErrorCode.VALIDATION, {
      welcomeText: 'Welcome notification must be at most 300 characters',
    });
    const badTranslation = await a.call(
      'PUT',
      `/api/establishments/${establishment.id}`,
      establishmentFields('Corner Café', { welcomeTranslations: { de: 'y'.repeat(301), xx: 'hi' } }),
      operator.token,
    );
    expect(badTranslation.statusCode).toBe(400);
    expect(Object.keys(badTranslation.json<{ fields: Record<string, string> }>().fields)).toContain(
      'welcomeTranslations.de',
    );
    // Nothing stored was lost by the refused edits.
    const after = await a.call('GET', `/api/establishments/${establishment.id}`, undefined, operator.token);
    expect(after.json<{ establishment: Establishment }>().establishment.welcomeText).toBe(WELCOME);
  });

  it('a follower without a device gets it when their first device subscribes, once', async () => {
    const { establishment } = await businessWithWelcome('Table Seven');
    const anna = await a.followerOf(establishment.id, 'anna');
    await welcomeJobsDone();
    const phone = await device(anna);
    const welcome = await welcomeArrives(phone);
    expect(welcome).toMatchObject({
      v: 1,
      kind: 'welcome',
      establishmentId: establishment.id,
      title: 'Table Seven',
      body: WELCOME,
      url: `/app/establishment/${establishment.id}`,
      tag: `welcome-${establishment.id}`,
    });
    // A send of the delivery engine: its receipt and click are reported like a post's.
    expect(welcome.receipt).toEqual(expect.any(String));

    // A second device later, and the same device subscribing again: no second welcome.
    const laptop = await device(anna);
    await a.call('POST', '/notifications/subscribe', phone, anna.token);
    await welcomeJobsDone();
    expect(welcomesTo(laptop)).toEqual([]);
    expect(welcomesTo(phone)).toHaveLength(1);
  });

  it('a follower with a device gets it at the follow, in their language', async () => {
    const { establishment } = await businessWithWelcome('Bierstube');
    const bernd = await a.userWithRole('customer', 'bernd');
    await t.ctx.database.sql.executeSql('UPDATE users SET language = $1 WHERE id = $2', ['de', bernd.id]);
    const phone = await device(bernd);
    await welcomeJobsDone();
    expect(welcomesTo(phone)).toEqual([]);
    await a.follow(bernd, establishment.id);
    expect((await welcomeArrives(phone)).body).toBe(WELCOME_DE);
    // Following again (already a follower) sends nothing more.
    await a.follow(bernd, establishment.id);
    await welcomeJobsDone();
    expect(welcomesTo(phone)).toHaveLength(1);
  });

  it('once per person and business, ever: unfollowing and following again earns no second one', async () => {
    const { establishment } = await businessWithWelcome('Coupon Corner');
    const eva = await a.userWithRole('customer', 'eva');
    const phone = await device(eva);
    await a.follow(eva, establishment.id);
    await welcomeArrives(phone);
    const unfollowed = await a.call(
      'DELETE',
      `/api/establishments/${establishment.id}/follow`,
      undefined,
      eva.token,
    );
    expect(unfollowed.statusCode, unfollowed.body).toBeLessThan(300);
    await a.follow(eva, establishment.id);
    await welcomeJobsDone();
    // A new device, which would be what a welcome still owed waits for: none is owed.
    await device(eva);
    await welcomeJobsDone();
    expect(welcomesTo(phone)).toHaveLength(1);
  });

  it('none without a welcome text, and none for a follow older than a day', async () => {
    const quiet = await a.establishment(admin, 'Quiet Books');
    const carl = await a.followerOf(quiet.id, 'carl');
    const carlPhone = await device(carl);

    const { establishment } = await businessWithWelcome('Old Friends Pub');
    const dora = await a.followerOf(establishment.id, 'dora');
    await t.ctx.database.sql.executeSql(
      `UPDATE memberships SET created_at = now() - interval '25 hours' WHERE user_id = $1`,
      [dora.id],
    );
    const doraPhone = await device(dora);
    await welcomeJobsDone();
    expect(push.messages(carlPhone.endpoint)).toEqual([]);
    expect(push.messages(doraPhone.endpoint)).toEqual([]);
  });

  it('a device the push service says is gone is forgotten; the welcome went to it, like any send', async () => {
    const { establishment } = await businessWithWelcome('Second Chance Bar');
    const eva = await a.followerOf(establishment.id, 'eva');
    const oldPhone = push.subscribe();
    push.expire(oldPhone.endpoint);
    const res = await a.call('POST', '/notifications/subscribe', oldPhone, eva.token);
    expect(res.statusCode, res.body).toBe(201);
    await welcomeJobsDone();
    expect(welcomesTo(oldPhone)).toEqual([]);
    const devices = await t.ctx.database.sql.executeSql(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1',
      [eva.id],
    );
    expect(devices.rows).toEqual([]);
    const welcome = await t.ctx.database.sql.executeSql(
      `SELECT d.channel, d.outcome FROM notifications n JOIN deliveries d ON d.notification_id = n.id
        WHERE n.source = 'welcome' AND n.recipient_id = $1`,
      [eva.id],
    );
    expect(welcome.rows).toEqual([{ channel: 'push', outcome: 'gone' }]);
  });

  it('a follower without a device who takes email gets it by email: counted in the reports, in no list of sends', async () => {
    const { establishment, operator } = await businessWithWelcome('Letterbox Café');
    // Lena takes this platform's email (from another business she follows), and has no device.
    const paperShop = await a.establishment(admin, 'Paper Shop');
    const lena = await a.followerOf(paperShop.id, 'lena');
    const chose = await a.call(
      'PUT',
      `/api/establishments/${paperShop.id}/notify`,
      { notify: 'email', marketingConsent: true },
      lena.token,
    );
    expect(chose.statusCode, chose.body).toBe(200);
    await a.follow(lena, establishment.id);

    const mail = await t.mail.waitFor(lena.email);
    expect(mail.text).toContain(WELCOME);
    await welcomeJobsDone();
    // Its Open link (counted) leads to the business's page: a welcome has no post of its own.
    const open = /(\/api\/email\/open\/\S+)/.exec(mail.text)?.[1];
    expect(open, mail.text).toBeDefined();
    const opened = await t.request({ method: 'GET', url: open! });
    expect(opened.statusCode, opened.body).toBe(302);
    expect(opened.headers.location).toBe(`/app/establishment/${establishment.id}`);

    // The operators' list of sends (push-only ones too) holds no welcome.
    const sends = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/posts?all=true`,
      undefined,
      operator.token,
    );
    expect(sends.statusCode, sends.body).toBe(200);
    expect(sends.json<{ items: unknown[] }>().items).toEqual([]);
    // Nor is it a post anyone reads, edits or withdraws by its id.
    const { rows } = await t.ctx.database.sql.executeSql(
      `SELECT id FROM notifications WHERE source = 'welcome' AND recipient_id = $1`,
      [lena.id],
    );
    const welcomeId = (rows[0] as { id: string }).id;
    for (const who of [operator, lena]) {
      const read = await a.call('GET', `/api/notifications/${welcomeId}`, undefined, who.token);
      expect(read.statusCode, read.body).toBe(404);
    }
    const withdraw = await a.call('POST', `/api/notifications/${welcomeId}/withdraw`, {}, operator.token);
    expect(withdraw.statusCode, withdraw.body).toBe(404);
    // The report counts its email, not a notification sent.
    const report = await a.call(
      'GET',
      `/api/reports/dashboard?establishmentId=${establishment.id}`,
      undefined,
      operator.token,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(
      report.json<{ periods: { today: { figures: Record<string, number> } } }>().periods.today.figures,
    ).toMatchObject({ notificationsSent: 0, emails: 1, emailClicks: 1, devices: 0 });
    // Once: following again later sends nothing more.
    await a.follow(lena, establishment.id);
    await welcomeJobsDone();
    expect(t.mail.received.filter((m) => m.to.includes(lena.email) && m.text.includes(WELCOME))).toHaveLength(
      1,
    );
  });
});
