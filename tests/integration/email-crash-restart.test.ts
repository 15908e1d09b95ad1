// @module-tag postgres
/**
 * The email channel survives its worker: the real server runs as a child process and is
 * killed (SIGKILL) while a send's emails go out, then started again; every follower choosing email
 * gets the send, and only the emails in flight at the kill may arrive twice.
 */
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/shared/schemas/notification.schema';
import {
  api,
  audience,
  environment,
  finished,
  killed,
  setupCrashTests,
  startProcess,
  untilListening,
} from '../support/crash-processes';
import { startSmtpSink } from '../support/smtp-sink';

setupCrashTests();

const FOLLOWERS = 24;
/** One SMTP connection at 8 emails a second: the send takes 3 s, long enough to be killed in it. */
const EMAIL_ENV = { EMAIL_RATE_PER_SECOND: '8', EMAIL_CONNECTIONS: '1' };
/** Emails in hand at once (two per connection, email-channel.ts): what a kill can leave unrecorded. */
const EMAILS_IN_FLIGHT = 2;

describe('a server killed while a send is emailed', () => {
  it('emails every follower after a restart, repeating only what was in flight', async () => {
    const mail = await startSmtpSink();
    const { env, base, cleanup } = await environment({
      SMTP_URL: mail.url,
      JOB_TIMEOUT_SECONDS: '3',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      ...EMAIL_ENV,
    });
    try {
      let server = startProcess('main', env);
      await untilListening(base, server);
      const { token, establishmentId } = await audience(base, 0);
      // Followers from the business's page who agree to news by email, each confirming the address
      // with the link of their welcome email: with no phone, their choice (automatic) is email.
      const emails = Array.from({ length: FOLLOWERS }, (_, i) => `mailed-${i}-${Date.now()}@example.test`);
      for (const email of emails) {
        await api(base, 'POST', '/api/account/register', {
          firstName: 'Mail',
          lastName: 'Reader',
          email,
          phone: '+421 900 000 000',
          terms: true,
          marketingConsent: true,
          establishmentId,
        });
      }
      for (const email of emails) {
        const welcome = await mail.waitFor(email, (m) => m.links.some((l) => l.includes('/verify/')), 30_000);
        const link = welcome.links.find((l) => l.includes('/verify/'))!;
        await api(base, 'POST', '/api/account/verify', { token: new URL(link).pathname.split('/').at(-1) });
      }

      const { notification } = await api<{ notification: Post }>(
        base,
        'POST',
        `/api/establishments/${establishmentId}/notifications`,
        { text: 'Survives a crash by email', post: true },
        token,
      );
      const ofSend = () => mail.received.filter((m) => m.subject === 'Survives a crash by email');
      while (ofSend().length < 6) await new Promise((r) => setTimeout(r, 20));
      await killed(server);
      expect(ofSend().length).toBeLessThan(FOLLOWERS);

      server = startProcess('main', env);
      await untilListening(base, server);
      const post = await finished(base, token, notification.id, 90_000);
      expect(post.delivery?.channels.email).toMatchObject({ sent: FOLLOWERS, failed: 0, pending: 0 });

      const counts = emails.map((email) => ofSend().filter((m) => m.to.includes(email)).length);
      expect(
        counts.every((n) => n >= 1),
        `every follower got it: ${counts}`,
      ).toBe(true);
      expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(EMAILS_IN_FLIGHT);
      await killed(server);
    } finally {
      await cleanup();
      await mail.close();
    }
  }, 240_000);
});
