/**
 * A business whose spam complaints over 7 days pass 0.3 % of its emails (and number at least
 * EMAIL_COMPLAINT_PAUSE_MIN, 3 by default) has its email paused: the next send emails nobody while
 * push goes on, its operators and the admins are told once, the compose form's data says so; an
 * admin lets it go again (audited), and email flows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { arfReport, COMPLAINTS_SECRET, emailFollower, postArf } from '../../../../tests/support/complaints';
import { business, completed, sendOk, until } from '../../../../tests/support/delivery-integrity';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../../../tests/support/test-app';
import type { PushMessage } from '../../../shared/push/payload';
import type { EmailPauseList } from '../../../shared/schemas/email-complaints.schema';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { Audience } from '../../../shared/schemas/preference.schema';
import type { AuditLog } from '../../../shared/schemas/user-management.schema';

const fixture = setupRouteFixture({ push: 1, env: { COMPLAINTS_SECRET } });
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
let push: PushService;
beforeAll(() => {
  ({ t, a, admin } = fixture);
  push = fixture.pushes[0]!;
});

async function sendAndWait(client: Session, establishmentId: string, text: string): Promise<Post> {
  const res = await sendOk(t, client, establishmentId, text);
  return until(a, client, res.json<{ notification: Post }>().notification.id, completed, 30_000);
}

const mailsTo = (user: Session, subject: string) =>
  t.mail.received.filter((m) => m.to.includes(user.email.toLowerCase()) && m.subject === subject);

async function audienceOf(client: Session, establishmentId: string): Promise<Audience> {
  const res = await a.call('GET', `/api/establishments/${establishmentId}/audience`, undefined, client.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Audience>();
}

async function complain(user: Session, subject: string) {
  const mail = (await t.mail.waitFor(user.email, (m: ReceivedMail) => m.subject === subject)) as ReceivedMail;
  const res = await postArf(t, arfReport(mail.raw));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ outcome: string }>().outcome;
}

describe("a business's complaint share", () => {
  it('pauses its email past 0.3 % with 3 complaints; push goes on; its people are told once; an admin lifts it', async () => {
    const { establishment, client } = await business(a, admin, 'Pause Pub');
    const readers = await Promise.all(
      ['one', 'two', 'three', 'four', 'stays'].map((tag) => emailFollower(a, establishment.id, `pub-${tag}`)),
    );
    const [one, two, three, four, stays] = readers.map((r) => r.user) as Session[];
    const phone = await emailFollower(a, establishment.id, 'pub-phone', { both: true, push });
    const subject = 'Pub quiz tonight';
    await sendAndWait(client, establishment.id, subject);

    // The same report twice counts once: two complaints of six emails, under the minimum of three.
    expect(await complain(one!, subject)).toBe('recorded');
    expect(await complain(one!, subject)).toBe('repeat');
    expect(await complain(two!, subject)).toBe('recorded');
    expect((await audienceOf(client, establishment.id)).emailPause).toBeNull();

    expect(await complain(three!, subject)).toBe('recorded');
    const paused = await audienceOf(client, establishment.id);
    expect(paused).toMatchObject({ byEmail: 0, emails: 0, byPhone: 1 });
    expect(paused.emailPause).toMatchObject({ complaints: 3, emails: 6, limit: 0.003 });
    expect(Date.now() - Date.parse(paused.emailPause!.since)).toBeLessThan(60_000);

    // Its operator and the admins are told, each in their own words.
    const noticeSubject = 'Email from Pause Pub is paused';
    const toClient = (await t.mail.waitFor(client.email, (m) => m.subject === noticeSubject)) as ReceivedMail;
    expect(toClient.text).toContain(
      'followers marked 3 emails from Pause Pub as spam, against 6 emails delivered (50%)',
    );
    expect(toClient.text).toContain('Above 0.3%');
    expect(toClient.text).toContain(`http://app.test/app/establishment/${establishment.id}`);
    const toAdmin = (await t.mail.waitFor(admin.email, (m) => m.subject === noticeSubject)) as ReceivedMail;
    expect(toAdmin.text).toContain('http://app.test/app/management/email-health');
    expect(mailsTo(one!, noticeSubject)).toHaveLength(0);

    // Another complaint while paused: recorded, no second notice.
    expect(await complain(four!, subject)).toBe('recorded');

    // The next send: push goes, no email.
    const next = await sendAndWait(client, establishment.id, 'Darts on Friday');
    expect(next.delivery?.channels.email.sent).toBe(0);
    expect(
      push.messages(phone.phone!.endpoint).filter((m) => (m.json as PushMessage).id === next.id),
    ).toHaveLength(1);
    expect(mailsTo(stays!, 'Darts on Friday')).toHaveLength(0);
    expect(mailsTo(phone.user, 'Darts on Friday')).toHaveLength(0);
    expect(mailsTo(client, noticeSubject)).toHaveLength(1);
    expect(mailsTo(admin, noticeSubject)).toHaveLength(1);

    // The admins' list; nobody else reads it or lifts the pause.
    const list = await a.call('GET', '/api/management/email-pauses', undefined, admin.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<EmailPauseList>().items).toContainEqual(
      expect.objectContaining({
        establishment: { id: establishment.id, name: 'Pause Pub' },
        complaints: 3,
        emails: 6,
      }),
    );
    expect((await a.call('GET', '/api/management/email-pauses', undefined, client.token)).statusCode).toBe(
      403,
    );
    const url = `/api/establishments/${establishment.id}/email-pause`;
    expect((await a.call('DELETE', url, undefined, client.token)).statusCode).toBe(403);
    expect((await a.call('DELETE', url)).statusCode).toBe(401);

    const lifted = await a.call('DELETE', url, undefined, admin.token);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ message: 'Email from this business goes out again.' });
    const log = await a.call('GET', '/api/management/audit-log?limit=5', undefined, admin.token);
    expect(log.json<AuditLog>().items[0]).toMatchObject({
      actorId: admin.id,
      action: 'establishment.emailResume',
      targetEstablishmentId: establishment.id,
      targetLabel: 'Pause Pub',
      detail: { complaints: 3, emails: 6 },
    });
    const again = await a.call('DELETE', url, undefined, admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Email from this business is not paused.');

    // Email goes out again, to those who did not complain; the count starts afresh.
    expect(await audienceOf(client, establishment.id)).toMatchObject({ emailPause: null, byEmail: 2 });
    await sendAndWait(client, establishment.id, 'Karaoke on Saturday');
    expect(mailsTo(stays!, 'Karaoke on Saturday')).toHaveLength(1);
    expect(mailsTo(phone.user, 'Karaoke on Saturday')).toHaveLength(1);
    expect(mailsTo(one!, 'Karaoke on Saturday')).toHaveLength(0);
  });

  it('does not pause a large sender under 0.3 %, and does once it passes', async () => {
    const big = await business(a, admin, 'Big Bistro');
    const readers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => emailFollower(a, big.establishment.id, `bistro-${i}`)),
    );
    // SETUP: 1,200 more emails delivered by this send (rows as the email channel leaves them).
    const subject = 'Set menu';
    const post = await sendAndWait(big.client, big.establishment.id, subject);
    await t.ctx.database.sql.executeSql(
      `INSERT INTO deliveries (notification_id, target_id, user_id, channel, outcome, decided_at)
       SELECT $1, gen_random_uuid(), gen_random_uuid(), 'email', 'sent', now() FROM generate_series(1, 1200)`,
      [post.id],
    );
    for (const reader of readers.slice(0, 3)) expect(await complain(reader.user, subject)).toBe('recorded');
    // 3 of 1,204: 0.25 %.
    expect((await audienceOf(big.client, big.establishment.id)).emailPause).toBeNull();
    expect(await complain(readers[3]!.user, subject)).toBe('recorded');
    // 4 of 1,204: 0.33 %.
    expect((await audienceOf(big.client, big.establishment.id)).emailPause).toMatchObject({
      complaints: 4,
      emails: 1204,
    });
  });
});
