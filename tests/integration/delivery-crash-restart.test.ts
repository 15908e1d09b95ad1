// @module-tag postgres
/**
 * The delivery pipeline survives its workers: the real server runs as a child process, is killed
 * (SIGKILL) in the middle of a send and started again; the send completes with no recipient lost,
 * repeating at most the requests in flight or not yet recorded.
 */
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/shared/schemas/notification.schema';
import {
  api,
  audience,
  deliveriesOf,
  environment,
  finished,
  IN_FLIGHT,
  killed,
  push,
  setupCrashTests,
  startProcess,
  untilListening,
} from '../support/crash-processes';
import { startSmtpSink } from '../support/smtp-sink';

setupCrashTests();

describe('a worker killed in the middle of a send', () => {
  it('completes after a restart with no recipient lost and only the unrecorded requests repeated', async () => {
    const { env, base, cleanup } = await environment();
    try {
      let server = startProcess('main', env);
      await untilListening(base, server);
      const { token, establishmentId, subscriptions } = await audience(base, 40);
      for (const s of subscriptions) push.respond(s.endpoint, { delayMs: 120, status: 201 });
      const before = push.messages().length;

      const { notification } = await api<{ notification: Post }>(
        base,
        'POST',
        `/api/establishments/${establishmentId}/notifications`,
        { text: 'Survives a crash', post: true },
        token,
      );
      await push.waitForMessages(before + 10, 30_000);
      await killed(server);
      const deliveredBeforeKill = deliveriesOf(subscriptions, notification.id).filter((n) => n > 0).length;
      expect(deliveredBeforeKill).toBeLessThan(40);

      server = startProcess('main', env);
      await untilListening(base, server);
      const post = await finished(base, token, notification.id);
      expect(post.delivery).toMatchObject({
        status: 'done',
        audience: 40,
        sent: 40,
        failed: 0,
        gone: 0,
        pending: 0,
      });

      const counts = deliveriesOf(subscriptions, notification.id);
      expect(
        counts.every((n) => n >= 1),
        `every device got it: ${counts}`,
      ).toBe(true);
      expect(Math.max(...counts)).toBeLessThanOrEqual(2);
      // Outcomes are written every 4 x (requests in flight per batch, here 1) results: what was on
      // the wire or not yet written at the kill may arrive twice, nothing else.
      const repeated = counts.filter((n) => n > 1).length;
      expect(repeated).toBeLessThanOrEqual(IN_FLIGHT);
      await killed(server);
    } finally {
      await cleanup();
    }
  }, 300_000);
});

describe('a server killed with sends and registrations in flight', () => {
  it('ends every stored notification done and emails every stored user after a restart', async () => {
    const mail = await startSmtpSink();
    const { env, base, cleanup } = await environment({
      SMTP_URL: mail.url,
      // Fan-out and email jobs of the killed process are taken over after 3 s.
      JOB_TIMEOUT_SECONDS: '3',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    });
    try {
      let server = startProcess('main', env);
      await untilListening(base, server);
      const { token, establishmentId, subscriptions } = await audience(base, 3);
      const emails = Array.from({ length: 40 }, (_, i) => `inflight-${i}-${Date.now()}@example.test`);
      const register = (email: string) =>
        fetch(`${base}/api/account/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'In',
            lastName: 'Flight',
            email,
            phone: '+421 900 000 000',
            terms: true,
            establishmentId,
          }),
        });
      const sendOne = (i: number) =>
        fetch(`${base}/api/establishments/${establishmentId}/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ text: `In flight ${i}`, post: i % 2 === 0 }),
        });
      // Counted per kind: registrations can all finish before the first send does, and a kill
      // then would test no notification at all.
      const answered = { register: 0, send: 0 };
      const counted = (kind: keyof typeof answered, request: Promise<Response>) =>
        request.then(
          (r) => {
            answered[kind]++;
            return r.status;
          },
          () => 'killed' as const,
        );
      const requests = emails.flatMap((email, i) => [
        counted('register', register(email)),
        counted('send', sendOne(i)),
      ]);
      while (answered.register + answered.send < 30 || answered.send < 5 || answered.register < 5)
        await new Promise((r) => setTimeout(r, 5));
      await killed(server);
      const statuses = await Promise.all(requests);

      server = startProcess('main', env);
      await untilListening(base, server);
      // Every notification the database kept, as the sender sees them.
      const { items } = await api<{ items: Post[] }>(
        base,
        'GET',
        `/api/establishments/${establishmentId}/posts?all=true&limit=50`,
        undefined,
        token,
      );
      for (const stored of items) {
        const post = await finished(base, token, stored.id);
        expect(post.delivery).toMatchObject({ status: 'done', audience: 3, pending: 0 });
      }
      // Every stored account (registering again says "Email already exists.") got its email.
      let stored = 0;
      for (const email of emails) {
        const again = await register(email);
        if (again.status === 409) stored++;
        else expect(again.status).toBe(201);
        await mail.waitFor(email, () => true, 60_000);
      }
      console.log(
        `kill test: ${statuses.filter((s) => s !== 'killed').length} of 80 requests answered before the kill; ` +
          `${items.length} of 40 notifications and ${stored} of 40 accounts stored; all ended done / emailed`,
      );
      expect(items.length).toBeGreaterThan(0);
      for (const post of items) expect(deliveriesOf(subscriptions, post.id).every((n) => n >= 1)).toBe(true);
      await killed(server);
    } finally {
      await cleanup();
      await mail.close();
    }
  }, 300_000);
});
