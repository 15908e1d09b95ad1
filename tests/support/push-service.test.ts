import { createPrivateKey, sign } from 'node:crypto';
import http2 from 'node:http2';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { type PushSubscription, type WebPushError } from 'web-push';
import { type PushService, startPushService } from './push-service';

const vapid = webpush.generateVAPIDKeys();
const otherVapid = webpush.generateVAPIDKeys();
const subject = 'mailto:push-test@example.com';

let service: PushService;
let agent: https.Agent;

beforeAll(async () => {
  service = await startPushService({ vapidPublicKey: vapid.publicKey });
  agent = new https.Agent({ ca: service.caPem, keepAlive: true });
});
afterAll(async () => {
  agent.destroy();
  await service.close();
});

/** Send as an application server would, with the web-push library; resolves with the status (or 'reset'). */
async function send(
  subscription: PushSubscription,
  payload: string,
  options: Partial<webpush.RequestOptions> = {},
): Promise<{ status: number | 'reset'; headers: Record<string, unknown>; body?: string }> {
  try {
    const result = await webpush.sendNotification(subscription, payload, {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 60,
      agent,
      ...options,
    });
    return { status: result.statusCode, headers: result.headers };
  } catch (error) {
    const failure = error as WebPushError & { code?: string };
    if (failure.statusCode)
      return { status: failure.statusCode, headers: failure.headers, body: failure.body };
    if (failure.code === 'ECONNRESET' || /socket hang up/.test(failure.message)) {
      return { status: 'reset', headers: {} };
    }
    throw error;
  }
}

/** A VAPID JWT signed with the given key pair (base64url raw keys, as web-push makes them). */
function jwt(claims: Record<string, unknown>, keys = vapid): string {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** POST a web-push-encrypted message with our own Authorization header. */
async function sendWithAuthorization(subscription: PushSubscription, authorization: string | undefined) {
  const details = webpush.generateRequestDetails(subscription, 'hello', {
    vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 60,
  });
  const headers: Record<string, string> = { ...(details.headers as Record<string, string>) };
  delete headers.Authorization;
  if (authorization) headers.Authorization = authorization;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = https.request(details.endpoint, { method: 'POST', headers, agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(details.body);
  });
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('local push service', () => {
  it('accepts a message encrypted with web-push and keeps it decrypted, with its headers and VAPID claims', async () => {
    const subscription = service.subscribe();
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.origin}/push/[A-Za-z0-9_-]+$`));
    const payload = JSON.stringify({ v: 1, title: 'Café Ñandú', body: 'Dnes zľava 20 % 🎉' });

    const result = await send(subscription, payload, { TTL: 3600, urgency: 'high', topic: 'menu-today' });

    expect(result.status).toBe(201);
    expect(String(result.headers.location)).toMatch(new RegExp(`^${service.origin}/message/`));
    const [message] = await service.waitForMessages(1);
    expect(message).toMatchObject({
      endpoint: subscription.endpoint,
      body: payload,
      json: { v: 1, title: 'Café Ñandú', body: 'Dnes zľava 20 % 🎉' },
      ttl: 3600,
      urgency: 'high',
      topic: 'menu-today',
      vapid: { aud: service.origin, sub: subject, publicKey: vapid.publicKey },
    });
    expect(message!.vapid.exp).toBeGreaterThan(Date.now() / 1000);
    expect(service.messages(subscription.endpoint)).toHaveLength(1);
    expect(service.requests(subscription.endpoint)).toEqual([
      expect.objectContaining({ endpoint: subscription.endpoint, status: 201 }),
    ]);
  });

  it('speaks HTTP/2 as well as HTTP/1.1', async () => {
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'over h2', {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 30,
    });
    const client = http2.connect(service.origin, { ca: service.caPem });
    const status = await new Promise<number>((resolve, reject) => {
      const stream = client.request({
        ':method': 'POST',
        ':path': new URL(subscription.endpoint).pathname,
        ...Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
      });
      stream.on('response', (headers) => resolve(Number(headers[':status'])));
      stream.on('error', reject);
      stream.end(details.body);
    });
    client.close();
    expect(status).toBe(201);
    expect(service.messages(subscription.endpoint).map((m) => m.body)).toEqual(['over h2']);
  });

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

  it('refuses a body over 4096 bytes with 413 and accepts one of exactly 4096', async () => {
    const subscription = service.subscribe();
    // aes128gcm adds 86 header bytes, a 1-byte delimiter and a 16-byte tag: 103 bytes.
    expect((await send(subscription, 'x'.repeat(4097 - 103))).status).toBe(413);
    expect((await send(subscription, 'x'.repeat(4096 - 103))).status).toBe(201);
    expect(service.messages(subscription.endpoint)).toHaveLength(1);
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

  it('requires a TTL header and the aes128gcm content coding', async () => {
    const subscription = service.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'hello', {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 60,
    });
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const request = https.request(details.endpoint, { method: 'POST', headers, agent }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end(details.body);
      });
    const { TTL: _ttl, ...withoutTtl } = details.headers as Record<string, string>;
    expect(await post(withoutTtl)).toBe(400);
    expect(await post({ ...(details.headers as Record<string, string>), 'Content-Encoding': 'aesgcm' })).toBe(
      400,
    );
    expect(await post(details.headers as Record<string, string>)).toBe(201);
  });
});

describe('local push service, fast mode', () => {
  it('accepts any /push/ endpoint, still checks the token, and counts', async () => {
    const fast = await startPushService({ decrypt: false });
    const fastAgent = new https.Agent({ ca: fast.caPem, keepAlive: true });
    try {
      const keys = service.subscribe().keys; // any valid P-256 key: the fast service does not decrypt
      const subscription = { endpoint: `${fast.origin}/push/bench-1`, keys };
      for (let i = 0; i < 5; i++)
        expect((await send(subscription, `m${i}`, { agent: fastAgent })).status).toBe(201);
      const wrongAud = { endpoint: `${fast.origin}/push/bench-2`, keys };
      const token = jwt({ aud: 'https://elsewhere.example', sub: subject, exp: inAnHour() });
      const refused = await new Promise<number>((resolve, reject) => {
        const request = https.request(
          wrongAud.endpoint,
          {
            method: 'POST',
            agent: fastAgent,
            headers: { TTL: '60', Authorization: `vapid t=${token}, k=${vapid.publicKey}` },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(refused).toBe(401);

      const stats = await new Promise<Record<string, unknown>>((resolve, reject) => {
        https
          .get(`${fast.origin}/_stats`, { agent: fastAgent }, (response) => {
            let body = '';
            response.on('data', (chunk) => {
              body += chunk;
            });
            response.on('end', () => resolve(JSON.parse(body)));
          })
          .on('error', reject);
      });
      expect(stats).toMatchObject({ accepted: 5, refused: 1, requests: 6 });
      expect(stats.lastAt as number).toBeGreaterThanOrEqual(stats.firstAt as number);
      expect(fast.messages()).toEqual([]);
      fast.resetStats();
      expect(fast.stats()).toEqual({ accepted: 0, refused: 0, requests: 0, firstAt: null, lastAt: null });
    } finally {
      fastAgent.destroy();
      await fast.close();
    }
  });
});
