/**
 * Shared setup of the notifications suites (src/server/modules/notifications/notifications-*.routes.test.ts):
 * the app (routes, pg-boss jobs, workers) on a throw-away database, sending to a real local push
 * service over HTTPS, an admin, and the calls the suites act through. `t`, `push`, `a` and `admin` are
 * set by `setupNotificationsApp()` before the first test runs.
 */
import { beforeAll, expect } from 'vitest';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Establishment } from '../../src/shared/schemas/establishment.schema';
import type { DeliveryFigures, FeedPage, Post } from '../../src/shared/schemas/notification.schema';
import type { actors, Session } from './api-actors';
import type { PushService, TestSubscription } from './push-service';
import { setupRouteFixture } from './route-fixture';
import type { TestApp } from './test-app';

export let t: TestApp;
export let push: PushService;
export let a: ReturnType<typeof actors>;
export let admin: Session;

/** Start the push service, the app and the admin before the file's tests; close them after. */
export function setupNotificationsApp(env: Record<string, string> = {}) {
  const fixture = setupRouteFixture({ push: 1, env });
  beforeAll(() => {
    ({ t, a, admin } = fixture);
    push = fixture.pushes[0]!;
  });
}

export const call = (...args: Parameters<ReturnType<typeof actors>['call']>) => a.call(...args);

/** The browser registers a push-service subscription for this signed-in user. */
export async function device(user: Session): Promise<TestSubscription> {
  const subscription = push.subscribe();
  const res = await call('POST', '/notifications/subscribe', subscription, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

export async function send(user: Session, establishmentId: string, body: Record<string, unknown>) {
  return call('POST', `/api/establishments/${establishmentId}/notifications`, body, user.token);
}

export async function sendOk(
  user: Session,
  establishmentId: string,
  body: Record<string, unknown>,
): Promise<Post> {
  const res = await send(user, establishmentId, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ notification: Post }>().notification;
}

/** Poll the detail as its sender would until the send is finished. */
export async function finished(user: Session, id: string, timeoutMs = 20_000): Promise<Post> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/api/notifications/${id}`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json<{ post: Post }>().post;
    if (
      post.delivery &&
      (post.delivery.status === 'done' || post.delivery.status === 'halted') &&
      post.delivery.completedAt
    )
      return post;
    if (Date.now() > until) throw new Error(`send not finished: ${JSON.stringify(post.delivery)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The post page's delivery figures, polled until `ready` says they are what the test waits for. */
export async function figuresWhen(
  user: Session,
  id: string,
  ready: (figures: DeliveryFigures) => boolean,
  timeoutMs = 20_000,
): Promise<DeliveryFigures> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/api/notifications/${id}`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<{ post: Post }>().post.delivery!;
    if (ready(figures)) return figures;
    if (Date.now() > until) throw new Error(`figures never ready: ${JSON.stringify(figures)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The establishment's feed as this user sees it (all: with push-only sends, for senders). */
export async function postsOf(establishmentId: string, user: Session, all = false): Promise<Post[]> {
  const url = `/api/establishments/${establishmentId}/posts${all ? '?all=true' : ''}`;
  const res = await call('GET', url, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedPage>().items;
}

export const messagesTo = (subscription: TestSubscription) =>
  push.messages(subscription.endpoint).map((m) => m.json as PushMessage);

export async function business(name: string): Promise<{ establishment: Establishment; client: Session }> {
  const establishment = await a.establishment(admin, name);
  const client = await a.clientOf(admin, establishment.id);
  return { establishment, client };
}
