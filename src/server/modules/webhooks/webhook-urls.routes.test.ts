/**
 * A webhook's URL over HTTP, read as the caller reads it (WHATWG URL): a user name or password in
 * any spelling is refused on `url`, IPv6 forms of IPv4 addresses are not public, and what is stored
 * (shown to every manager, written to the audit log) is the parsed URL, not what was typed.
 */
import { describe, expect, it } from 'vitest';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { type Webhook, WebhookMsg } from '../../../shared/schemas/webhook.schema';

const fixture = setupRouteFixture();
const hooksUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/webhooks`;

async function shopWithOperator(name: string) {
  const { a, admin } = fixture;
  const shop = await a.establishment(admin, name);
  return { shop, operator: await a.clientOf(admin, shop.id, `${name.toLowerCase().replace(/\W/g, '-')}-op`) };
}

describe('a webhook URL', () => {
  it('with a user name or password in any spelling is refused on url, on create and on update', async () => {
    const { a } = fixture;
    const { shop, operator } = await shopWithOperator('Secret Shop');
    const spellings = [
      'https://user:pw@hooks.example.com/in',
      'https:/user:s3cret@hooks.example.com/in',
      'https:\\\\user:pass@hooks.example.com/in',
      'https:user:pass@hooks.example.com/in',
      'https://user@hooks.example.com/in',
      'https://:pass@hooks.example.com/in',
    ];
    for (const url of spellings) {
      const res = await a.call('POST', hooksUrl(shop.id), { url, events: ['follow'] }, operator.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.url, url).toBe(WebhookMsg.urlCredentials);
    }
    const created = await a.call(
      'POST',
      hooksUrl(shop.id),
      { url: 'https://hooks.example.com/in', events: ['follow'] },
      operator.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ webhook: Webhook }>().webhook;
    for (const url of spellings) {
      const res = await a.call('PATCH', `${hooksUrl(shop.id)}/${id}`, { url }, operator.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.url, url).toBe(WebhookMsg.urlCredentials);
    }
    const list = await a.call('GET', hooksUrl(shop.id), undefined, operator.token);
    expect(list.body).not.toMatch(/s3cret|pass|user/);
  });

  it('on an IPv6 form of an IPv4 address is not on the public internet', async () => {
    const { a } = fixture;
    const { shop, operator } = await shopWithOperator('Mapped Shop');
    for (const url of [
      'https://[::127.0.0.1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[64:ff9b::127.0.0.1]/hook',
      'https://[64:ff9b:1::a00:1]/hook',
      'https://[2002:7f00:1::]/hook',
    ]) {
      const res = await a.call('POST', hooksUrl(shop.id), { url, events: ['follow'] }, operator.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields.url, url).toBe(WebhookMsg.urlNotPublic);
    }
  });

  it('is stored as parsed, which the list, an update and the audit log show', async () => {
    const { a, admin } = fixture;
    const { shop } = await shopWithOperator('Tidy Shop');
    // Staff act for the business: their changes are in the audit log.
    const created = await a.call(
      'POST',
      hooksUrl(shop.id),
      { url: ' HTTPS://Hooks.Example.COM:443/a/../in?x=1 ', events: ['follow'] },
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { webhook } = created.json<{ webhook: Webhook }>();
    expect(webhook.url).toBe('https://hooks.example.com/in?x=1');
    const updated = await a.call(
      'PATCH',
      `${hooksUrl(shop.id)}/${webhook.id}`,
      { url: 'https:\\\\hooks.example.com\\other' },
      admin.token,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Webhook>().url).toBe('https://hooks.example.com/other');
    const list = await a.call('GET', hooksUrl(shop.id), undefined, admin.token);
    expect(list.json<{ items: Webhook[] }>().items.map((hook) => hook.url)).toEqual([
      'https://hooks.example.com/other',
    ]);
    const log = await a.call('GET', '/api/management/audit-log?limit=50', undefined, admin.token);
    const urls = log
      .json<{ items: { action: string; detail: Record<string, unknown> }[] }>()
      .items.filter((entry) => entry.action === 'establishment.webhooks')
      .map((entry) => entry.detail.url);
    expect(urls).toEqual(
      expect.arrayContaining(['https://hooks.example.com/in?x=1', 'https://hooks.example.com/other']),
    );
  });
});
