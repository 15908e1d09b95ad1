import { describe, expect, it } from 'vitest';
import {
  inAnHour,
  jwt,
  otherVapid,
  send,
  sendWithAuthorization,
  service,
  setupPushService,
  subject,
  vapid,
} from './push-service-senders';

setupPushService();

describe('local push service', () => {
  it('refuses a missing or bad VAPID token with 401 and another application server key with 403', async () => {
    const subscription = service.subscribe();
    const k = vapid.publicKey;
    const good = { aud: service.origin, sub: subject, exp: inAnHour() };

    expect((await sendWithAuthorization(subscription, undefined)).status).toBe(401);
    expect((await sendWithAuthorization(subscription, `WebPush ${jwt(good)}`)).status).toBe(401);
    // Signed by a key other than k.
    expect(
      (await sendWithAuthorization(subscription, `vapid t=${jwt(good, otherVapid)}, k=${k}`)).status,
    ).toBe(401);
    // A tampered payload.
    const [h, , s] = jwt(good).split('.');
    const forged = Buffer.from(JSON.stringify({ ...good, sub: 'mailto:evil@example.com' })).toString(
      'base64url',
    );
    expect((await sendWithAuthorization(subscription, `vapid t=${h}.${forged}.${s}, k=${k}`)).status).toBe(
      401,
    );
    // Wrong audience, expired, too far ahead, bad subject.
    const bad = [
      { ...good, aud: 'https://push.example.com' },
      { ...good, exp: Math.floor(Date.now() / 1000) - 10 },
      { ...good, exp: Math.floor(Date.now() / 1000) + 25 * 3600 },
      { ...good, sub: 'someone@example.com' },
    ];
    for (const claims of bad) {
      const answer = await sendWithAuthorization(subscription, `vapid t=${jwt(claims)}, k=${k}`);
      expect(answer.status, JSON.stringify(claims)).toBe(401);
    }
    // A valid token, but by an application server key the subscription was not made for.
    const otherK = otherVapid.publicKey;
    expect(
      (await sendWithAuthorization(subscription, `vapid t=${jwt(good, otherVapid)}, k=${otherK}`)).status,
    ).toBe(403);
    // The same valid token is accepted, then accepted again from the cache.
    expect((await sendWithAuthorization(subscription, `vapid t=${jwt(good)}, k=${k}`)).status).toBe(201);
    expect(service.messages(subscription.endpoint).map((m) => m.body)).toEqual(['hello']);
  });

  it('answers scripted answers in order, then 201 again', async () => {
    const subscription = service.subscribe();
    service.respond(
      subscription.endpoint,
      { status: 429, retryAfter: 7 },
      { status: 503 },
      { reset: true },
      { delayMs: 200 },
      { status: 410 },
    );

    const first = await send(subscription, 'one');
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('7');
    expect((await send(subscription, 'two')).status).toBe(503);
    expect((await send(subscription, 'three')).status).toBe('reset');
    const started = Date.now();
    expect((await send(subscription, 'four')).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect((await send(subscription, 'five')).status).toBe(410);
    expect((await send(subscription, 'six')).status).toBe(201);

    expect(service.requests(subscription.endpoint).map((r) => r.status)).toEqual([
      429,
      503,
      'reset',
      201,
      410,
      201,
    ]);
    expect(service.requests(subscription.endpoint)[0]!.retryAfter).toBe(7);
    expect(service.messages(subscription.endpoint).map((m) => m.body)).toEqual(['four', 'six']);
  });

  it('answers 404 for an unknown endpoint and 410 once a subscription expired', async () => {
    const unknown = { ...service.subscribe(), endpoint: `${service.origin}/push/no-such-subscription` };
    expect((await send(unknown, 'hello')).status).toBe(404);

    const subscription = service.subscribe();
    expect((await send(subscription, 'before')).status).toBe(201);
    service.expire(subscription.endpoint);
    expect((await send(subscription, 'after')).status).toBe(410);
    expect((await send(subscription, 'again')).status).toBe(410);
    expect(service.messages(subscription.endpoint).map((m) => m.body)).toEqual(['before']);
  });
});
