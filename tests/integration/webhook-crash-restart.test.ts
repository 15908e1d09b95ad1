// @module-tag postgres
/**
 * A webhook survives its worker: the real server runs as a child process and is killed
 * (SIGKILL) while it waits for a receiver's answer, with more events committed behind that call;
 * started again, it calls the receiver with every event, in order, the interrupted one again under
 * the same webhook-id. Nothing between an action and its webhook lives only in memory.
 */
import { describe, expect, it } from 'vitest';
import {
  api,
  audience,
  environment,
  killed,
  setupCrashTests,
  startProcess,
  untilListening,
} from '../support/crash-processes';
import { startWebhookReceiver } from '../support/webhook-receiver';

setupCrashTests();

const FOLLOWS = 5;

describe('a server killed while a webhook is called', () => {
  it('calls every event after a restart, in order, the interrupted one with the same id', async () => {
    const receiver = await startWebhookReceiver();
    const { env, base, cleanup } = await environment({
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      WEBHOOK_CA_FILE: receiver.caFile,
      // A held call times out after 2 s; the hold of a killed worker runs out 5 s later.
      WEBHOOK_TIMEOUT_SECONDS: '2',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    });
    try {
      let server = startProcess('main', env);
      await untilListening(base, server);
      const { token, establishmentId } = await audience(base, 0);
      const { secret } = await api<{ secret: string }>(
        base,
        'POST',
        `/api/establishments/${establishmentId}/webhooks`,
        { url: receiver.url, events: ['follow'] },
        token,
      );
      receiver.secret = secret;

      // The first follow's call is held by the receiver; the others queue behind it, committed.
      receiver.holdNext();
      const followers: string[] = [];
      for (let i = 0; i < FOLLOWS; i++) {
        const email = `hooked-${i}-${Date.now()}@example.test`;
        const { user } = await api<{ user: { id: string } }>(base, 'POST', '/api/account/register', {
          firstName: 'Hook',
          lastName: `Follower ${i}`,
          email,
          phone: '+421 900 000 000',
          terms: true,
          establishmentId,
        });
        followers.push(user.id);
        if (i === 0) await receiver.waitFor('follow', 1);
      }
      expect(receiver.calls).toHaveLength(1);
      await killed(server);
      receiver.release();

      server = startProcess('main', env);
      await untilListening(base, server);
      const calls = await receiver.waitFor('follow', FOLLOWS + 1, 60_000);
      // The interrupted call comes again with its id; then the rest, in the order they happened.
      expect(calls[1]!.id).toBe(calls[0]!.id);
      expect(calls.slice(1).map((call) => call.body.data.followerId)).toEqual(followers);
      expect(new Set(calls.map((call) => call.id)).size).toBe(FOLLOWS);
      expect(calls.every((call) => call.verified)).toBe(true);
      await killed(server);
    } finally {
      await cleanup();
      await receiver.close();
    }
  }, 180_000);
});
