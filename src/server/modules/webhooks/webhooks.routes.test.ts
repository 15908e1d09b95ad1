/**
 * Outgoing webhooks over HTTP, on the real app, database and job workers, calling a real
 * HTTPS receiver that checks every signature with the Standard Webhooks reference library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import { selfSignedCertificate } from '../../../../tests/support/push-service/certificate';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../tests/support/webhook-receiver';
import { ErrorCode } from '../../../shared/errors';
import type { Post } from '../../../shared/schemas/notification.schema';
import type { Webhook, WebhookCall } from '../../../shared/schemas/webhook.schema';
import { WebhookMsg } from '../../../shared/schemas/webhook.schema';

const env: Record<string, string> = {
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
  WEBHOOK_FIRST_RETRY_SECONDS: '0.2',
  // A "day" of failures is 7.2 seconds here.
  WEBHOOK_RETRY_HOURS: '0.002',
};
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
const fixture = setupRouteFixture({
  env,
  push: 1,
  // The receiver's certificate is the tests' one: the app trusts it for webhooks.
  before: async () => {
    env.WEBHOOK_CA_FILE = (await selfSignedCertificate()).caFile;
  },
});

const hooksUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/webhooks`;

async function register(operator: Session, establishmentId: string, events: string[], url = receiver.url) {
  const res = await fixture.a.call('POST', hooksUrl(establishmentId), { url, events }, operator.token);
  expect(res.statusCode, res.body).toBe(201);
  const { webhook, secret } = res.json<{ webhook: Webhook; secret: string }>();
  receiver.secret = secret;
  return { webhook, secret };
}

async function callsOf(operator: Session, establishmentId: string, webhookId: string) {
  const res = await fixture.a.call(
    'GET',
    `${hooksUrl(establishmentId)}/${webhookId}/calls`,
    undefined,
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: WebhookCall[] }>().items;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhooks', () => {
  it('are managed by who looks after the business: guests 401, followers and other operators 403', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Hook Shop');
    const other = await a.establishment(admin, 'Other Shop');
    const operator = await a.clientOf(admin, shop.id, 'hook-op');
    const stranger = await a.clientOf(admin, other.id, 'hook-stranger');
    const follower = await a.followerOf(shop.id, 'hook-follower');
    const body = { url: receiver.url, events: ['follow'] };
    expect((await a.call('GET', hooksUrl(shop.id))).statusCode).toBe(401);
    expect((await a.call('POST', hooksUrl(shop.id), body)).statusCode).toBe(401);
    for (const who of [follower, stranger]) {
      const res = await a.call('POST', hooksUrl(shop.id), body, who.token);
      expect(res.statusCode, res.body).toBe(403);
      expect((await a.call('GET', hooksUrl(shop.id), undefined, who.token)).statusCode).toBe(403);
    }
    const { webhook } = await register(operator, shop.id, ['follow']);
    // Another business's operator cannot reach it through their own establishment's path either.
    const sideways = await a.call(
      'GET',
      `${hooksUrl(other.id)}/${webhook.id}/calls`,
      undefined,
      stranger.token,
    );
    expect(sideways.statusCode).toBe(404);
    const list = await a.call('GET', hooksUrl(shop.id), undefined, operator.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
    expect(list.json<{ items: Webhook[] }>().items).toEqual([
      expect.objectContaining({ id: webhook.id, url: receiver.url, events: ['follow'], enabled: true }),
    ]);
  });

  it('refuses what is not an https URL on the public internet, and no events, naming the field', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Strict Shop');
    const operator = await a.clientOf(admin, shop.id, 'strict-op');
    const cases: [unknown, string, string][] = [
      ['http://example.com/hook', 'url', WebhookMsg.url],
      ['https://user:pw@example.com/hook', 'url', WebhookMsg.urlCredentials],
      ['not a url', 'url', WebhookMsg.url],
      ['https://10.0.0.7/hook', 'url', WebhookMsg.urlNotPublic],
      ['https://localhost/hook', 'url', WebhookMsg.urlNotPublic],
      ['https://[::1]/hook', 'url', WebhookMsg.urlNotPublic],
      [`https://example.com/${'x'.repeat(2001)}`, 'url', WebhookMsg.urlTooLong],
    ];
    for (const [url, field, message] of cases) {
      const res = await a.call('POST', hooksUrl(shop.id), { url, events: ['follow'] }, operator.token);
      expect(res.statusCode, String(url)).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
    for (const events of [[], ['nonsense'], 'follow']) {
      const res = await a.call('POST', hooksUrl(shop.id), { url: receiver.url, events }, operator.token);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.events).toBe(WebhookMsg.events);
    }
  });

  it('tells a receiver of follows and posts, in order, signed so the reference library verifies them', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Signed Bakery');
    const elsewhere = await a.establishment(admin, 'Unrelated Bar');
    const operator = await a.clientOf(admin, shop.id, 'signed-op');
    await register(operator, shop.id, [
      'follow',
      'unfollow',
      'notification.sent',
      'post.edited',
      'post.deleted',
    ]);
    receiver.reset();
    const follower = await a.followerOf(shop.id, 'signed-follower');
    await a.followerOf(elsewhere.id, 'elsewhere-follower');
    const sent = await a.call(
      'POST',
      `/api/establishments/${shop.id}/notifications`,
      { text: 'Fresh bread is out', post: true },
      operator.token,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const post = sent.json<{ notification: Post }>().notification;
    const edited = await a.call(
      'PATCH',
      `/api/notifications/${post.id}`,
      { text: 'Fresh rye is out' },
      operator.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await a.call('DELETE', `/api/notifications/${post.id}`, undefined, operator.token)).statusCode,
    ).toBe(200);
    expect(
      (await a.call('DELETE', `/api/establishments/${shop.id}/follow`, undefined, follower.token)).statusCode,
    ).toBe(200);

    await receiver.waitFor('unfollow');
    expect(receiver.calls.map((call) => call.body.type)).toEqual([
      'follow',
      'notification.sent',
      'post.edited',
      'post.deleted',
      'unfollow',
    ]);
    expect(receiver.calls.every((call) => call.verified)).toBe(true);
    expect(new Set(receiver.calls.map((call) => call.id)).size).toBe(5);
    expect(receiver.calls[0]!.body.data).toEqual({
      followerId: follower.id,
      source: 'direct',
      establishmentId: shop.id,
    });
    expect(receiver.calls[1]!.body.data).toMatchObject({
      postId: post.id,
      text: 'Fresh bread is out',
      establishmentId: shop.id,
    });
    expect(receiver.calls[2]!.body.data).toMatchObject({ postId: post.id, text: 'Fresh rye is out' });
    // A wrong secret does not verify: the library is really checking.
    receiver.secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    receiver.reset();
    await a.followerOf(shop.id, 'unsigned-follower');
    expect((await receiver.waitFor('follow'))[0]!.verified).toBe(false);
  });

  it('retries a call that failed with the same webhook-id, lists both calls, and resends on request', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Retry Pub');
    const operator = await a.clientOf(admin, shop.id, 'retry-op');
    const { webhook } = await register(operator, shop.id, ['follow']);
    receiver.reset();
    receiver.answer(500);
    await a.followerOf(shop.id, 'retry-follower');
    const [first, second] = await receiver.waitFor('follow', 2);
    expect(first!.status).toBe(500);
    expect(second!.status).toBe(200);
    expect(second!.id).toBe(first!.id);
    expect(second!.verified && first!.verified).toBe(true);

    const history = await until(
      () => callsOf(operator, shop.id, webhook.id),
      (items) => items.length === 2 && items[0]!.deliveryState === 'delivered',
    );
    expect(history.map((call) => [call.status, call.ok, call.eventType])).toEqual([
      [200, true, 'follow'],
      [500, false, 'follow'],
    ]);
    expect(history[1]!.excerpt).toBe('failed with 500');
    const listed = await a.call('GET', hooksUrl(shop.id), undefined, operator.token);
    expect(listed.json<{ items: Webhook[] }>().items[0]).toMatchObject({
      pending: 0,
      failingSince: null,
      lastCall: { status: 200, ok: true },
    });
    expect(history[0]!.messageId).toBe(first!.id);

    const resend = await a.call(
      'POST',
      `${hooksUrl(shop.id)}/${webhook.id}/deliveries/${history[0]!.deliveryId}/resend`,
      undefined,
      operator.token,
    );
    expect(resend.statusCode, resend.body).toBe(202);
    const all = await receiver.waitFor('follow', 3);
    expect(all[2]!.id).toBe(first!.id);
    const missing = await a.call(
      'POST',
      `${hooksUrl(shop.id)}/${webhook.id}/deliveries/999999999/resend`,
      undefined,
      operator.token,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('sends a test event to one webhook, and signs with a rotated secret from then on', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Test Cafe');
    const operator = await a.clientOf(admin, shop.id, 'test-op');
    const { webhook, secret } = await register(operator, shop.id, ['follow']);
    receiver.reset();
    // The first call waits for its answer while the secret rotates and the next event is queued:
    // the worker still holds the webhook then, and must sign that one with the new secret too.
    receiver.holdNext();
    const test = await a.call('POST', `${hooksUrl(shop.id)}/${webhook.id}/test`, undefined, operator.token);
    expect(test.statusCode, test.body).toBe(202);
    expect((await receiver.waitFor('webhook.test'))[0]!.verified).toBe(true);

    const rotated = await a.call(
      'POST',
      `${hooksUrl(shop.id)}/${webhook.id}/rotate-secret`,
      undefined,
      operator.token,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json<{ secret: string }>().secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    receiver.secret = next;
    await a.call('POST', `${hooksUrl(shop.id)}/${webhook.id}/test`, undefined, operator.token);
    receiver.release();
    const [, second] = await receiver.waitFor('webhook.test', 2);
    expect(second!.verified).toBe(true);
    // The old secret verifies nothing sent since.
    receiver.secret = secret;
    await a.call('POST', `${hooksUrl(shop.id)}/${webhook.id}/test`, undefined, operator.token);
    expect((await receiver.waitFor('webhook.test', 3))[2]!.verified).toBe(false);
  });

  it('turns a webhook off after a "day" of failures and emails its operators; turned on, it delivers what it owed', async () => {
    const { a, admin, t } = fixture;
    const shop = await a.establishment(admin, 'Failing Diner');
    const operator = await a.clientOf(admin, shop.id, 'failing-op');
    const { webhook } = await register(operator, shop.id, ['follow']);
    receiver.reset();
    receiver.answer(...Array.from({ length: 200 }, () => 503));
    await a.followerOf(shop.id, 'failing-follower');
    const off = await until(
      async () =>
        (await a.call('GET', hooksUrl(shop.id), undefined, operator.token)).json<{ items: Webhook[] }>()
          .items[0]!,
      (hook) => !hook.enabled,
      20_000,
    );
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await t.mail.waitFor(operator.email, (m) => m.subject === 'Your webhook was turned off');
    expect(mail.text).toContain(receiver.url);
    expect(mail.text).toContain('Failing Diner');
    // Turned on again, it calls again.
    receiver.reset();
    const on = await a.call('PATCH', `${hooksUrl(shop.id)}/${webhook.id}`, { enabled: true }, operator.token);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<Webhook>()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    const test = await a.call('POST', `${hooksUrl(shop.id)}/${webhook.id}/test`, undefined, operator.token);
    expect(test.statusCode).toBe(202);
    await receiver.waitFor('webhook.test');
  });

  it('a disabled webhook refuses test and resend with 409, and an admin changing one is in the audit log', async () => {
    const { a, admin } = fixture;
    const shop = await a.establishment(admin, 'Audited Books');
    const { webhook } = await register(admin, shop.id, ['follow']);
    const off = await a.call('PATCH', `${hooksUrl(shop.id)}/${webhook.id}`, { enabled: false }, admin.token);
    expect(off.json<Webhook>()).toMatchObject({ enabled: false, disabledReason: 'operator' });
    const test = await a.call('POST', `${hooksUrl(shop.id)}/${webhook.id}/test`, undefined, admin.token);
    expect(test.statusCode).toBe(409);
    expect(test.json<{ code: string; error: string }>()).toMatchObject({
      code: ErrorCode.CONFLICT,
      error: WebhookMsg.disabled,
    });
    const log = await a.call('GET', '/api/management/audit-log?limit=20', undefined, admin.token);
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json<{ items: { action: string; detail: Record<string, unknown> }[] }>().items;
    expect(
      entries.filter((e) => e.action === 'establishment.webhooks').map((e) => e.detail.operation),
    ).toEqual(expect.arrayContaining(['create', 'update']));
    const gone = await a.call('DELETE', `${hooksUrl(shop.id)}/${webhook.id}`, undefined, admin.token);
    expect(gone.statusCode).toBe(200);
    expect(
      (await a.call('DELETE', `${hooksUrl(shop.id)}/${webhook.id}`, undefined, admin.token)).statusCode,
    ).toBe(404);
  });
});
