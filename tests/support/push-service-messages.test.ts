import http2 from 'node:http2';
import https from 'node:https';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { agent, send, service, setupPushService, subject, vapid } from './push-service-senders';

setupPushService();

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

  it('refuses a body over 4096 bytes with 413 and accepts one of exactly 4096', async () => {
    const subscription = service.subscribe();
    // aes128gcm adds 86 header bytes, a 1-byte delimiter and a 16-byte tag: 103 bytes.
    expect((await send(subscription, 'x'.repeat(4097 - 103))).status).toBe(413);
    expect((await send(subscription, 'x'.repeat(4096 - 103))).status).toBe(201);
    expect(service.messages(subscription.endpoint)).toHaveLength(1);
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
