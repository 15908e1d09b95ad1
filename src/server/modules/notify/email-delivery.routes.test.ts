/**
 * Email as a second channel, and each follower's choice per business, through HTTP, the
 * real pipeline, a real SMTP sink and a local push service: who gets a push, who an email, who
 * nothing; what the email carries; one-click unsubscribe with no session; a hard bounce; a 4xx
 * tried again; the counts the operator reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import {
  business,
  completed,
  device,
  postOf,
  sendOk,
  until,
} from '../../../../tests/support/delivery-integrity';
import { expectError } from '../../../../tests/support/expect-error';
import type { PushService, TestSubscription } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PushMessage } from '../../../shared/push/payload';
import type { NotifyChoice } from '../../../shared/schemas/channels';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { FollowList } from '../../../shared/schemas/notify.schema';

const fixture = setupRouteFixture({ push: 1, env: { PUSH_MAX_ATTEMPTS: '2' } });
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

async function choose(user: Session, establishmentId: string, body: Record<string, unknown>) {
  const res = await a.call('PUT', `/api/establishments/${establishmentId}/notify`, body, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A follower of the business with this choice (email choices with their consent), and a phone if asked. */
async function follower(
  establishmentId: string,
  tag: string,
  options: { notify?: NotifyChoice; phone?: boolean; consent?: boolean; pause?: string } = {},
) {
  const user = await a.followerOf(establishmentId, tag);
  const phone = options.phone ? await device(a, push, user) : undefined;
  if (options.consent) {
    await choose(user, establishmentId, { notify: 'email', marketingConsent: true });
  }
  if (options.notify || options.pause) {
    await choose(user, establishmentId, {
      notify: options.notify ?? 'auto',
      ...(options.pause ? { pause: options.pause } : {}),
    });
  }
  return { user, phone };
}

const mailsTo = (user: Session) => t.mail.received.filter((m) => m.to.includes(user.email.toLowerCase()));
const pushesTo = (phone: TestSubscription | undefined, id: string) =>
  phone ? push.messages(phone.endpoint).filter((m) => (m.json as PushMessage).id === id).length : 0;

async function sendAndWait(client: Session, establishmentId: string, text: string, extra = {}) {
  const res = await a.call(
    'POST',
    `/api/establishments/${establishmentId}/notifications`,
    { text, post: true, ...extra },
    client.token,
  );
  expect(res.statusCode, res.body).toBe(202);
  return until(a, client, res.json<{ notification: Post }>().notification.id, completed, 30_000);
}

describe("each follower's choice", () => {
  it('decides who gets a push, who an email and who nothing; nobody gets one send twice unless they chose both', async () => {
    const { establishment, client } = await business(a, admin, 'Choice Café');
    const autoPhone = await follower(establishment.id, 'auto-phone', {
      phone: true,
      consent: true,
      notify: 'auto',
    });
    const autoNoPhone = await follower(establishment.id, 'auto-email', { consent: true, notify: 'auto' });
    const emailOnly = await follower(establishment.id, 'email-only', {
      phone: true,
      consent: true,
      notify: 'email',
    });
    const both = await follower(establishment.id, 'both', { phone: true, consent: true, notify: 'both' });
    const feedOnly = await follower(establishment.id, 'feed', { phone: true, consent: true, notify: 'feed' });
    const paused = await follower(establishment.id, 'paused', { phone: true, consent: true, pause: 'week' });
    const noConsent = await follower(establishment.id, 'no-consent');

    const reach = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/audience`,
      undefined,
      client.token,
    );
    expect(reach.json()).toMatchObject({
      followers: 7,
      reachable: 4,
      byPhone: 2,
      byEmail: 3,
      devices: 2,
      emails: 3,
    });

    const post = await sendAndWait(client, establishment.id, 'Lunch: goulash');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const got = (who: { user: Session; phone?: TestSubscription | undefined }) => ({
      push: pushesTo(who.phone, post.id),
      email: mailsTo(who.user).filter((m) => m.subject === 'Lunch: goulash').length,
    });
    expect(got(autoPhone)).toEqual({ push: 1, email: 0 });
    expect(got(autoNoPhone)).toEqual({ push: 0, email: 1 });
    expect(got(emailOnly)).toEqual({ push: 0, email: 1 });
    expect(got(both)).toEqual({ push: 1, email: 1 });
    expect(got(feedOnly)).toEqual({ push: 0, email: 0 });
    expect(got(paused)).toEqual({ push: 0, email: 0 });
    expect(got(noConsent)).toEqual({ push: 0, email: 0 });
    // The post page counts by channel.
    expect(post.delivery).toMatchObject({ status: 'done', audience: 5, sent: 5, failed: 0 });
    expect(post.delivery?.channels.push).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    expect(post.delivery?.channels.email).toMatchObject({ sent: 3, failed: 0, pending: 0 });
    // The feed keeps every post whatever the choice.
    const feed = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/posts`,
      undefined,
      feedOnly.user.token,
    );
    expect(feed.json<{ items: Post[] }>().items.map((p) => p.id)).toContain(post.id);

    // Resumed: the paused follower is reached again.
    await choose(paused.user, establishment.id, { notify: 'auto', pause: null });
    const next = await sendAndWait(client, establishment.id, 'Dinner: schnitzel');
    expect(pushesTo(paused.phone, next.id)).toBe(1);
  });

  it('needs consent for email, listed with every business the caller follows', async () => {
    const { establishment } = await business(a, admin, 'Consent Corner');
    const user = await a.followerOf(establishment.id, 'consent');
    expectError(
      await a.call('PUT', `/api/establishments/${establishment.id}/notify`, { notify: 'email' }, user.token),
      400,
      ErrorCode.VALIDATION,
      { marketingConsent: Msg.emailNeedsConsent },
    );
    expectError(
      await a.call('PUT', `/api/establishments/${establishment.id}/notify`, { notify: 'loud' }, user.token),
      400,
      ErrorCode.VALIDATION,
    );
    const saved = await choose(user, establishment.id, {
      notify: 'both',
      marketingConsent: true,
      pause: 'day',
    });
    expect(saved.json()).toMatchObject({ message: Msg.changesSaved, follow: { notify: 'both' } });
    const list = await a.call('GET', '/api/account/follows', undefined, user.token);
    const follows = list.json<FollowList>();
    expect(follows).toMatchObject({ marketingConsent: true, emailBounced: false, hasDevice: false });
    const item = follows.items.find((f) => f.establishment.id === establishment.id)!;
    expect(item.notify).toBe('both');
    expect(new Date(item.pausedUntil!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    // Not a follower: 403 before anything is read; a guest: 401.
    const stranger = await a.userWithRole('customer', 'stranger');
    expect(
      (
        await a.call(
          'PUT',
          `/api/establishments/${establishment.id}/notify`,
          { notify: 'feed' },
          stranger.token,
        )
      ).statusCode,
    ).toBe(403);
    expectError(await a.call('GET', '/api/account/follows'), 401, ErrorCode.UNAUTHORIZED);
  });
});

describe('a notification by email', () => {
  it('carries the business as sender, the first line as subject, the text escaped, its address, Open and one-click unsubscribe', async () => {
    const { establishment, client } = await business(a, admin, 'Mail <Bistro>');
    const reader = await follower(establishment.id, 'reader', { consent: true, notify: 'email' });
    // SETUP: this follower reads German.
    await t.ctx.database.sql.executeSql(`UPDATE users SET language = 'de' WHERE id = $1`, [reader.user.id]);
    const post = await sendAndWait(
      client,
      establishment.id,
      'Happy hour <b>now</b>\nTwo for one until eight',
    );
    const mail = (await t.mail.waitFor(reader.user.email)) as ReceivedMail;
    expect(mail.subject).toBe('Happy hour <b>now</b>');
    expect(mail.from.name).toBe('Mail <Bistro>');
    expect(mail.text).toContain('Two for one until eight');
    expect(mail.html).toContain('Happy hour &lt;b&gt;now&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>now</b>');
    expect(mail.text).toContain('Main Street 1, 811 01 Bratislava, Slovakia');
    expect(mail.text).toContain('Sie erhalten diese E-Mail, weil Sie');
    // RFC 8058: an https (here: PUBLIC_URL) link the mail client POSTs to.
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')![1]!;
    expect(oneClick.startsWith('http://app.test/api/email/unsubscribe/')).toBe(true);

    // Open: counted, then the post.
    const open = mail.links.find((link) => link.includes('/api/email/open/'))!;
    const opened = await t.request({ method: 'GET', url: new URL(open).pathname });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/app/establishment/${establishment.id}/notification/${post.id}`);
    const figures = await until(a, client, post.id, (p) => p.delivery?.channels.email.clicked === 1);
    expect(figures.delivery?.channels.email).toMatchObject({ sent: 1, clicked: 1 });
    expect((await t.request({ method: 'GET', url: '/api/email/open/x.y.z' })).statusCode).toBe(404);

    // The page asks first (a GET changes nothing); the mail client's one-click POST, no session, stops it.
    const path = new URL(oneClick).pathname;
    expect((await t.request({ method: 'GET', url: path })).json()).toMatchObject({
      establishment: { name: 'Mail <Bistro>' },
      emailing: true,
    });
    const stop = await t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ message: Msg.emailUnsubscribed });
    expect((await t.request({ method: 'GET', url: path })).json()).toMatchObject({ emailing: false });
    // A forged or altered link stops nothing.
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.request({ method: 'POST', url: forged })).statusCode).toBe(404);

    const count = mailsTo(reader.user).length;
    const next = await sendAndWait(client, establishment.id, 'Nobody by email now');
    expect(next.delivery?.channels.email.sent).toBe(0);
    expect(mailsTo(reader.user)).toHaveLength(count);
  });

  it('marks an address the mail server refuses for good, and emails it no more', async () => {
    const { establishment, client } = await business(a, admin, 'Bounce Bakery');
    const bouncing = await follower(establishment.id, 'bouncing', { consent: true, notify: 'email' });
    const fine = await follower(establishment.id, 'fine', { consent: true, notify: 'email' });
    t.mail.refuse(bouncing.user.email, 550);
    const post = await sendAndWait(client, establishment.id, 'Fresh bread');
    expect(post.delivery?.channels.email).toMatchObject({ sent: 1, failed: 1, pending: 0 });
    expect(mailsTo(fine.user)).toHaveLength(1);
    const list = await a.call('GET', '/api/account/follows', undefined, bouncing.user.token);
    expect(list.json<FollowList>().emailBounced).toBe(true);
    const reach = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/audience`,
      undefined,
      client.token,
    );
    expect(reach.json()).toMatchObject({ followers: 2, byEmail: 1, emails: 1 });
    const next = await sendAndWait(client, establishment.id, 'More bread');
    expect(next.delivery?.channels.email).toMatchObject({ sent: 1, failed: 0 });
    t.mail.accept(bouncing.user.email);
  });

  it('tries again after a 4xx, and delivers once the server takes it', async () => {
    const { establishment, client } = await business(a, admin, 'Greylist Grill');
    const later = await follower(establishment.id, 'later', { consent: true, notify: 'email' });
    t.mail.refuse(later.user.email, 451);
    const res = await sendOk(t, client, establishment.id, 'Try again');
    const sent = postOf(res);
    await until(
      a,
      client,
      sent.id,
      (p) => (p.delivery?.channels.email.pending ?? 0) === 1 && p.delivery?.status !== 'queued',
    );
    t.mail.accept(later.user.email);
    const done = await until(a, client, sent.id, completed, 30_000);
    expect(done.delivery?.channels.email).toMatchObject({ sent: 1, failed: 0 });
    expect(mailsTo(later.user).filter((m) => m.subject === 'Try again')).toHaveLength(1);
  });
});
