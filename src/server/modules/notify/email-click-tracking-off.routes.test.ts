/**
 * EMAIL_CLICK_TRACKING=off, through HTTP, the real pipeline and the SMTP sink: a notification
 * email carries the direct links (the post's page for Open, its link and buttons as stored) and no
 * click is counted, not even by a signed link of an email sent before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { business, completed, until } from '../../../../tests/support/delivery-integrity';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { ReceivedMail } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../../../tests/support/test-app';
import type { Post } from '../../../shared/schemas/notification.schema';
import { emailLinkToken, emailOpenToken } from '../../mail/email-links';

const fixture = setupRouteFixture({ env: { EMAIL_CLICK_TRACKING: 'off' } });
let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

const ACTION = { label: 'Book', url: 'https://direct.example.com/book' };

describe('with click tracking off', () => {
  it('mails the direct links and counts no click', async () => {
    const { establishment, client } = await business(a, admin, 'Direct Diner');
    const reader = await a.followerOf(establishment.id, 'direct');
    const chose = await a.call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader.token,
    );
    expect(chose.statusCode, chose.body).toBe(200);
    const res = await a.call(
      'POST',
      `/api/establishments/${establishment.id}/notifications`,
      { text: 'Soup of the day', post: true, actions: [ACTION] },
      client.token,
    );
    expect(res.statusCode, res.body).toBe(202);
    const post = await until(
      a,
      client,
      res.json<{ notification: Post }>().notification.id,
      completed,
      30_000,
    );
    const mail = (await t.mail.waitFor(reader.email)) as ReceivedMail;

    expect(mail.links.some((link) => link.includes('/api/email/open/'))).toBe(false);
    expect(mail.links).toContain(ACTION.url);
    expect(mail.links).toContain(
      `http://app.test/app/establishment/${establishment.id}/notification/${post.id}`,
    );
    expect(mail.text).toContain(ACTION.url);

    // A signed link of an email sent while tracking was on still leads on, uncounted.
    const secret = t.ctx.config.jwtSecret;
    for (const token of [
      emailOpenToken(secret, post.id, reader.id),
      emailLinkToken(secret, post.id, reader.id, 0),
    ]) {
      expect((await t.request({ method: 'GET', url: `/api/email/open/${token}` })).statusCode).toBe(302);
    }
    const figures = await until(a, client, post.id, () => true);
    expect(figures.delivery?.channels.email).toMatchObject({ sent: 1, clicked: 0 });
  });
});
