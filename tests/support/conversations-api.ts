import { expect } from 'vitest';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Conversation } from '../../src/shared/schemas/conversation.schema';
import type { Session } from './api-actors';
import type { TestSubscription } from './push-service';
import type { RouteFixture } from './route-fixture';

/**
 * Private conversations over HTTP, for a route fixture with a push service: a device for a user,
 * the message pushes it received, a question to a business. Read from the fixture when called (it
 * is filled in its beforeAll).
 */
export function conversationsApi(fixture: RouteFixture) {
  const push = () => fixture.pushes[0]!;

  /** A device of `user` on the first local push service. */
  async function device(user: Session): Promise<TestSubscription> {
    const subscription = push().subscribe();
    const res = await fixture.a.call('POST', '/notifications/subscribe', subscription, user.token);
    expect(res.statusCode, res.body).toBe(201);
    return subscription;
  }

  /** The message notices the device got, once there are `count` of them (20 s at most). */
  async function messagePushes(subscription: TestSubscription, count: number) {
    const until = Date.now() + 20_000;
    const found = () =>
      push()
        .messages(subscription.endpoint)
        .map((m) => m.json as PushMessage)
        .filter((m) => m.kind === 'message');
    while (found().length < count) {
      if (Date.now() > until) throw new Error(`${found().length} of ${count} message pushes arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return found();
  }

  /** `user` asks the business: the conversation it opened or added to. */
  async function ask(user: Session, establishmentId: string, text: string) {
    const res = await fixture.a.call(
      'POST',
      `/api/establishments/${establishmentId}/conversations`,
      { text },
      user.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ conversation: Conversation }>().conversation;
  }

  return { device, messagePushes, ask };
}
