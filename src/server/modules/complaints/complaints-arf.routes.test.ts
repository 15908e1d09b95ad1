/**
 * Spam complaints as feedback loops report them: ARF reports (RFC 5965) built around emails the
 * SMTP sink really received, posted to POST /api/email/complaints/arf with COMPLAINTS_SECRET. A
 * report stops that follower's email from that business only (push and other businesses go on);
 * the same report twice counts once; a forged, malformed or unauthorized report is a 4xx naming the
 * problem and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import {
  arfReport,
  COMPLAINTS_SECRET,
  choicesOf,
  emailFollower,
  forwarded,
  postArf,
} from '../../../../tests/support/complaints';
import { business, completed, sendOk, until } from '../../../../tests/support/delivery-integrity';
import type { PushService } from '../../../../tests/support/push-service';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../../../tests/support/test-app';
import type { PushMessage } from '../../../shared/push/payload';
import type { Post } from '../../../shared/schemas/notification.schema';

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

const mailOf = (user: Session, subject: string) =>
  t.mail.waitFor(user.email, (m: ReceivedMail) => m.subject === subject) as Promise<ReceivedMail>;
const mailsTo = (user: Session, subject: string) =>
  t.mail.received.filter((m) => m.to.includes(user.email.toLowerCase()) && m.subject === subject);

/** A business with a follower by email, and the raw email that follower received. */
async function emailed(name: string, text: string) {
  const { establishment, client } = await business(a, admin, name);
  const reader = await emailFollower(a, establishment.id, name.toLowerCase().replace(/\W+/g, '-'));
  await sendAndWait(client, establishment.id, text);
  return { establishment, client, reader, mail: await mailOf(reader.user, text) };
}

describe('an ARF report', () => {
  it("stops that follower's email from that business only: push and the other businesses go on", async () => {
    const bakery = await business(a, admin, 'ARF Bakery');
    const florist = await business(a, admin, 'ARF Florist');
    const { user, phone } = await emailFollower(a, bakery.establishment.id, 'both-ways', {
      both: true,
      push,
    });
    await a.follow(user, florist.establishment.id);
    await a.call(
      'PUT',
      `/api/establishments/${florist.establishment.id}/notify`,
      { notify: 'email' },
      user.token,
    );
    const neighbour = await emailFollower(a, bakery.establishment.id, 'neighbour');

    await sendAndWait(bakery.client, bakery.establishment.id, 'Croissants at seven');
    const mail = await mailOf(user, 'Croissants at seven');
    const res = await postArf(t, arfReport(mail.raw));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'recorded',
      message: 'Complaint recorded: this follower gets no more email from this business.',
    });
    // Phone and email became phone; the florist's email stays.
    expect(await choicesOf(a, user)).toMatchObject({
      [bakery.establishment.id]: 'phone',
      [florist.establishment.id]: 'email',
    });

    const next = await sendAndWait(bakery.client, bakery.establishment.id, 'Bagels at eight');
    expect(push.messages(phone!.endpoint).filter((m) => (m.json as PushMessage).id === next.id)).toHaveLength(
      1,
    );
    expect(mailsTo(user, 'Bagels at eight')).toHaveLength(0);
    expect(await mailOf(neighbour.user, 'Bagels at eight')).toBeTruthy();
    await sendAndWait(florist.client, florist.establishment.id, 'Tulips are in');
    expect(await mailOf(user, 'Tulips are in')).toBeTruthy();
  });

  it('counts the same report once, and takes the headers alone and a forwarded report too', async () => {
    const { establishment, reader, mail } = await emailed('Twice Tavern', 'Quiz night');
    const first = await postArf(t, arfReport(mail.raw));
    expect(first.json()).toMatchObject({ outcome: 'recorded' });
    const again = await postArf(t, arfReport(mail.raw));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      outcome: 'repeat',
      message: 'This message was reported already: nothing changed.',
    });
    // The same message by its headers only, and forwarded by a mailbox: still the same message.
    const headers = await postArf(t, arfReport(mail.raw, { part: 'text/rfc822-headers' }));
    expect(headers.json()).toMatchObject({ outcome: 'repeat' });
    expect((await postArf(t, forwarded(arfReport(mail.raw)))).json()).toMatchObject({ outcome: 'repeat' });
    expect(await choicesOf(a, reader.user)).toMatchObject({ [establishment.id]: 'feed' });

    const other = await emailed('Headers Hut', 'Soup of the day');
    const byHeaders = await postArf(t, forwarded(arfReport(other.mail.raw, { part: 'text/rfc822-headers' })));
    expect(byHeaders.json()).toMatchObject({ outcome: 'recorded' });
    expect(await choicesOf(a, other.reader.user)).toMatchObject({ [other.establishment.id]: 'feed' });
  });

  it('ignores a report that is not a complaint, changing nothing', async () => {
    const { establishment, reader, mail } = await emailed('Not Spam Noodles', 'Ramen today');
    const res = await postArf(t, arfReport(mail.raw, { feedbackType: 'not-spam' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    expect(await choicesOf(a, reader.user)).toMatchObject({ [establishment.id]: 'email' });
  });
});

describe('a forged, malformed or unauthorized report', () => {
  let target: Awaited<ReturnType<typeof emailed>>;
  beforeAll(async () => {
    target = await emailed('Guarded Grill', 'Steak night');
  });
  const unchanged = async () =>
    expect(await choicesOf(a, target.reader.user)).toMatchObject({ [target.establishment.id]: 'email' });

  it('is 403 when the unsubscribe link is not signed by this server', async () => {
    const raw = target.mail.raw.toString('latin1');
    // One character of the link's signature changed: the ids still name the follower and the business.
    const forged = raw.replace(
      /(\/api\/email\/unsubscribe\/[^>\s]*)(.)>/,
      (_m, link: string, last: string) => `${link}${last === 'A' ? 'B' : 'A'}>`,
    );
    expect(forged).not.toBe(raw);
    const res = await postArf(t, arfReport(Buffer.from(forged, 'latin1')));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatch(/not one this server signed/);
    await unchanged();
  });

  it('is 401 without the secret or with another, before the body is read', async () => {
    const report = arfReport(target.mail.raw);
    const none = await postArf(t, report, { authorization: '' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatch(/COMPLAINTS_SECRET/);
    const wrong = await postArf(t, report, { authorization: 'Bearer not-the-secret-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      error: 'The secret does not match COMPLAINTS_SECRET.',
    });
    await unchanged();
    // Basic auth with the secret as the password is taken (a forwarder's URL with credentials).
    const basic = `Basic ${Buffer.from(`fbl:${COMPLAINTS_SECRET}`).toString('base64')}`;
    const notAbuse = arfReport(target.mail.raw, { feedbackType: 'virus' });
    expect((await postArf(t, notAbuse, { authorization: basic })).json()).toMatchObject({
      outcome: 'ignored',
    });
  });

  it('is 400 naming what is missing or wrong', async () => {
    const { raw } = target.mail;
    const cases: [Buffer | string, string, RegExp][] = [
      ['', 'body', /empty/],
      [raw, 'Content-Type', /expected a multipart\/report message, got multipart\/alternative/],
      [
        arfReport(raw, { without: 'feedback' }),
        'message/feedback-report',
        /no message\/feedback-report part/,
      ],
      [arfReport(raw, { without: 'original' }), 'message/rfc822', /neither the reported message/],
      [
        arfReport(raw).toString('latin1').replace('Feedback-Type: abuse', 'Feedback-Kind: abuse'),
        'Feedback-Type',
        /no Feedback-Type field/,
      ],
      [
        arfReport(raw)
          .toString('latin1')
          .replace('report-type=feedback-report', 'report-type=delivery-status'),
        'report-type',
        /report-type=delivery-status, not feedback-report/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await postArf(t, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
      expect(res.json().error).toMatch(message);
    }
    await unchanged();
  });

  it('is 422 for a message of someone else, and 415 for a body that is not MIME', async () => {
    const foreign = Buffer.from(
      'From: someone@else.example\r\nTo: x@y.example\r\nMessage-ID: <x@else.example>\r\nSubject: Hi\r\n\r\nHello\r\n',
    );
    const res = await postArf(t, arfReport(foreign));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatch(/no List-Unsubscribe header/);
    const json = await postArf(t, JSON.stringify({ report: 'spam' }), { 'content-type': 'application/json' });
    expect(json.statusCode, json.body).toBe(415);
    expect(json.json().error).toMatch(/raw MIME/);
    await unchanged();
  });
});

describe('odd reports', () => {
  it('answers each with a 4xx or an outcome, never a 500', async () => {
    const { raw } = (await emailed('Odd Oven', 'Pizza tonight')).mail;
    const withMessageId = (id: string) =>
      arfReport(
        Buffer.from(raw.toString('latin1').replace(/^Message-ID: .*$/im, `Message-ID: ${id}`), 'latin1'),
      );
    const bodies: (Buffer | string)[] = [
      randomBytes(4000),
      'Content-Type: multipart/report; report-type=feedback-report; boundary=x\r\n\r\n--x\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse',
      arfReport(Buffer.from('\r\n\r\n')),
      withMessageId('<nul\u0000byte@app.test>'),
      // A Message-ID longer than an index takes: counted by its digest.
      withMessageId(`<${'x'.repeat(5000)}@app.test>`),
    ];
    for (const body of bodies) {
      const res = await postArf(t, body);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json()).toHaveProperty('code');
    }
    expect((await postArf(t, withMessageId(`<${'x'.repeat(5000)}@app.test>`))).json()).toMatchObject({
      outcome: 'repeat',
    });
  });
});
