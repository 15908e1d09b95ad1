/**
 * Deleting an account is a leave for every business it followed: each business's webhook hears an
 * `unfollow` for it, signed as any other call, whether the account's owner or an admin deleted it.
 * On the real app, database and job workers, calling a real HTTPS receiver that checks signatures
 * with the Standard Webhooks reference library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type Session } from '../../../../tests/support/api-actors';
import { selfSignedCertificate } from '../../../../tests/support/push-service/certificate';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../tests/support/webhook-receiver';
import type { Webhook } from '../../../shared/schemas/webhook.schema';

const env: Record<string, string> = { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' };
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
const fixture = setupRouteFixture({
  env,
  before: async () => {
    env.WEBHOOK_CA_FILE = (await selfSignedCertificate()).caFile;
  },
});

/** A business whose operator registered a webhook for follows and unfollows. */
async function businessWithWebhook(name: string) {
  const { a, admin } = fixture;
  const shop = await a.establishment(admin, name);
  const operator: Session = await a.clientOf(admin, shop.id, `${name.toLowerCase().replace(/\W+/g, '-')}-op`);
  const res = await a.call(
    'POST',
    `/api/establishments/${shop.id}/webhooks`,
    { url: receiver.url, events: ['follow', 'unfollow'] },
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  receiver.secretOf.set(shop.id, res.json<{ webhook: Webhook; secret: string }>().secret);
  return shop;
}

describe('deleting an account', () => {
  it("tells each business it followed, by webhook, of an unfollow: by the account's owner and by an admin", async () => {
    const { a, admin } = fixture;
    const bakery = await businessWithWebhook('Leaving Bakery');
    const bar = await businessWithWebhook('Leaving Bar');
    const deletions = {
      owner: (who: Session) => a.call('DELETE', '/api/account', { currentPassword: PASSWORD }, who.token),
      admin: (who: Session) => a.call('DELETE', `/api/management/users/${who.id}`, undefined, admin.token),
    };
    for (const [by, remove] of Object.entries(deletions)) {
      const customer = await a.userWithRole('customer', `leaving-${by}`);
      await a.follow(customer, bakery.id);
      await a.follow(customer, bar.id);
      await receiver.waitFor('follow', 2);
      receiver.reset();

      const res = await remove(customer);
      expect(res.statusCode, res.body).toBe(200);

      const unfollows = await receiver.waitFor('unfollow', 2);
      expect(unfollows.every((call) => call.verified)).toBe(true);
      expect(
        unfollows
          .map((call) => call.body.data)
          .sort((x, y) => String(x.establishmentId).localeCompare(String(y.establishmentId))),
      ).toEqual(
        [bakery.id, bar.id].sort().map((establishmentId) => ({ followerId: customer.id, establishmentId })),
      );
      receiver.reset();
    }
  });
});
