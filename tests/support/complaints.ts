/**
 * Spam complaints as mail providers send them, for the complaint suites
 * (src/server/modules/complaints/*.routes.test.ts): an ARF report (RFC 5965) around a message the
 * SMTP sink received, and Mailgun's signed `complained` webhook.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { actors, Session } from './api-actors';
import type { PushService, TestSubscription } from './push-service';
import type { ReceivedMail } from './smtp-sink';
import type { TestApp } from './test-app';

export const COMPLAINTS_SECRET = 'complaints-secret-0123456789';
export const MAILGUN_KEY = 'mailgun-signing-key-0123456789';

const CRLF = (text: string) => text.replace(/\r?\n/g, '\r\n');

/** The reported message's headers only (as text/rfc822-headers carries them). */
export const headersOf = (raw: Buffer) => raw.subarray(0, raw.indexOf('\r\n\r\n') + 2);

export interface ArfOptions {
  feedbackType?: string;
  /** The part holding the reported message: whole (message/rfc822) or its headers. */
  part?: 'message/rfc822' | 'text/rfc822-headers';
  /** Leave a part out. */
  without?: 'feedback' | 'original';
}

/** An ARF report as Microsoft's or Yahoo's feedback loop sends it, about this message. */
export function arfReport(original: Buffer, options: ArfOptions = {}): Buffer {
  const boundary = `arf_${randomBytes(6).toString('hex')}`;
  const part = options.part ?? 'message/rfc822';
  const content = part === 'message/rfc822' ? original : headersOf(original);
  const head = CRLF(`From: staff@fbl.hotmail.example
To: complaints@app.test
Subject: complaint about message from 192.0.2.1
Date: Thu, 8 Mar 2026 14:00:00 +0000
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"

--${boundary}
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP 192.0.2.1.

`);
  const feedback = CRLF(`--${boundary}
Content-Type: message/feedback-report

Feedback-Type: ${options.feedbackType ?? 'abuse'}
User-Agent: SomeGenerator/1.0
Version: 1
Source-IP: 192.0.2.1
Arrival-Date: Thu, 8 Mar 2026 14:00:00 +0000

`);
  const originalHead = CRLF(`--${boundary}
Content-Type: ${part}
Content-Disposition: inline

`);
  return Buffer.concat([
    Buffer.from(head),
    Buffer.from(options.without === 'feedback' ? '' : feedback),
    ...(options.without === 'original' ? [] : [Buffer.from(originalHead), content, Buffer.from('\r\n')]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

/** A report forwarded by a mailbox as an attachment of another message. */
export function forwarded(report: Buffer): Buffer {
  const boundary = `fwd_${randomBytes(6).toString('hex')}`;
  return Buffer.concat([
    Buffer.from(
      CRLF(`From: postmaster@app.test
To: complaints-hook@app.test
Subject: Fwd: complaint
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="${boundary}"

--${boundary}
Content-Type: text/plain

Forwarded report.

--${boundary}
Content-Type: message/rfc822

`),
    ),
    report,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** POST an ARF report with the secret (or the authorization given). */
export function postArf(t: TestApp, body: Buffer | string, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/email/complaints/arf',
    headers: {
      'content-type': 'message/rfc822',
      authorization: `Bearer ${COMPLAINTS_SECRET}`,
      ...headers,
    },
    payload: body,
  });
}

/** Mailgun's signature of a call made at `timestamp` (seconds), with `key`. */
export function mailgunSignature(timestamp = Math.floor(Date.now() / 1000), key = MAILGUN_KEY) {
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', key).update(`${timestamp}${token}`).digest('hex');
  return { timestamp: String(timestamp), token, signature };
}

/** Mailgun's `complained` event about this message, as its webhook posts it. */
export function mailgunComplaint(mail: ReceivedMail, extra: Record<string, unknown> = {}) {
  const variables = JSON.parse(mail.headers['x-mailgun-variables'] ?? '{}') as Record<string, string>;
  return {
    id: randomBytes(11).toString('base64url'),
    event: 'complained',
    timestamp: Date.now() / 1000,
    recipient: mail.to[0],
    message: { headers: { 'message-id': mail.headers['message-id']?.replace(/^<|>$/g, ''), to: mail.to[0] } },
    'user-variables': variables,
    ...extra,
  };
}

export function postMailgun(t: TestApp, body: unknown) {
  return t.request({ method: 'POST', url: '/api/email/complaints/mailgun', payload: body as object });
}

type Actors = ReturnType<typeof actors>;

/** A follower of the business who chose email (with consent) or both, with a phone when asked. */
export async function emailFollower(
  a: Actors,
  establishmentId: string,
  tag: string,
  options: { both?: boolean; push?: PushService } = {},
): Promise<{ user: Session; phone?: TestSubscription }> {
  const user = await a.followerOf(establishmentId, tag);
  const res = await a.call(
    'PUT',
    `/api/establishments/${establishmentId}/notify`,
    { notify: options.both ? 'both' : 'email', marketingConsent: true },
    user.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  if (!options.push) return { user };
  const phone = options.push.subscribe();
  const sub = await a.call('POST', '/notifications/subscribe', phone, user.token);
  expect(sub.statusCode, sub.body).toBe(201);
  return { user, phone };
}

/** How a follower hears from each business they follow, by establishment id. */
export async function choicesOf(a: Actors, user: Session): Promise<Record<string, string>> {
  const res = await a.call('GET', '/api/account/follows', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json<{ items: { establishment: { id: string }; notify: string }[] }>().items;
  return Object.fromEntries(items.map((item) => [item.establishment.id, item.notify]));
}
