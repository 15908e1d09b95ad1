/**
 * Shared setup of the local push service's own tests (push-service-*.test.ts): a service made for one
 * VAPID key pair, an agent trusting its certificate, and senders acting as an application server.
 */
import { createPrivateKey, sign } from 'node:crypto';
import https from 'node:https';
import { afterAll, beforeAll } from 'vitest';
import webpush, { type PushSubscription, type WebPushError } from 'web-push';
import { type PushService, startPushService } from './push-service';

export const vapid = webpush.generateVAPIDKeys();
export const otherVapid = webpush.generateVAPIDKeys();
export const subject = 'mailto:push-test@example.com';

export let service: PushService;
export let agent: https.Agent;

/** Start the push service (made for `vapid`) and an agent that trusts it before the file's tests; close them after. */
export function setupPushService() {
  beforeAll(async () => {
    service = await startPushService({ vapidPublicKey: vapid.publicKey });
    agent = new https.Agent({ ca: service.caPem, keepAlive: true });
  });
  afterAll(async () => {
    agent.destroy();
    await service.close();
  });
}

/** Send as an application server would, with the web-push library; resolves with the status (or 'reset'). */
export async function send(
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
export function jwt(claims: Record<string, unknown>, keys = vapid): string {
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
export async function sendWithAuthorization(
  subscription: PushSubscription,
  authorization: string | undefined,
) {
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

export const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
