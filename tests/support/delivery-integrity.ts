/**
 * Shared setup of the delivery integrity suites
 * (src/server/modules/notifications/delivery-integrity-*.routes.test.ts): the app with a local push
 * service and a metrics token, an admin, and the calls that act on any app and push service given.
 * `push`, `t`, `a` and `admin` are set by `setupDeliveryApp()` before the first test runs.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { PushMessage } from '../../src/shared/push/payload';
import type { Post } from '../../src/shared/schemas/notification.schema';
import type { actors, Session } from './api-actors';
import type { PushService, TestSubscription } from './push-service';
import { setupRouteFixture } from './route-fixture';
import type { TestApp } from './test-app';

export const METRICS_TOKEN = 'metrics-token-0123456789';
export let push: PushService;
export let t: TestApp;
export let a: ReturnType<typeof actors>;
export let admin: Session;

/** Start the push service, the app and the admin before the file's tests; close them after. */
export function setupDeliveryApp() {
  const fixture = setupRouteFixture({ push: 1, env: { METRICS_TOKEN } });
  beforeAll(() => {
    ({ t, a, admin } = fixture);
    push = fixture.pushes[0]!;
  });
}

type Actors = ReturnType<typeof actors>;

export async function device(p: Actors, service: PushService, user: Session): Promise<TestSubscription> {
  const subscription = service.subscribe();
  const res = await p.call('POST', '/notifications/subscribe', subscription, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

export async function business(p: Actors, owner: Session, name: string) {
  const establishment = await p.establishment(owner, name);
  const client = await p.clientOf(owner, establishment.id);
  return { establishment, client };
}

async function detail(p: Actors, user: Session, id: string): Promise<Post> {
  const res = await p.call('GET', `/api/notifications/${id}`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ post: Post }>().post;
}

/** Poll the post page as its sender until `done` says so. */
export async function until(
  p: Actors,
  user: Session,
  id: string,
  done: (post: Post) => boolean,
  timeoutMs = 20_000,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const post = await detail(p, user, id);
    if (done(post)) return post;
    if (Date.now() > end) throw new Error(`not reached: ${JSON.stringify(post.delivery)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
export const completed = (post: Post) => Boolean(post.delivery?.completedAt);

export async function sendOk(
  app: TestApp,
  user: Session,
  establishmentId: string,
  text: string,
  headers = {},
) {
  const res = await app.request({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/notifications`,
    token: user.token,
    headers,
    payload: { text, post: true },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res;
}
export const postOf = (res: LightMyRequestResponse) => res.json<{ notification: Post }>().notification;

export const received = (service: PushService, s: TestSubscription, id: string) =>
  service.messages(s.endpoint).filter((m) => (m.json as PushMessage).id === id).length;
