/**
 * The one set-up of the route tests: before a file's tests, the whole app on the file's copy of the
 * run's database (tests/support/test-app.ts), optionally with local push services it trusts, the
 * actors it is called through and an admin; after them, everything closed. The suites' helper
 * modules (notifications-api.ts, management-api.ts, ...) are this plus the calls they share.
 */
import { afterAll, beforeAll } from 'vitest';
import { actors, type Session } from './api-actors';
import { type PushService, startPushService } from './push-service';
import { startTestApp, type TestApp } from './test-app';

export interface RouteFixture {
  t: TestApp;
  a: ReturnType<typeof actors>;
  /** An admin, signed in; absent with `admin: false`. */
  admin: Session;
  /** The local push services (`push` of them), the app trusting their certificate. */
  pushes: PushService[];
}

export interface RouteFixtureOptions {
  /** Settings of the app, beyond the tests' defaults (test-app.ts). */
  env?: Record<string, string>;
  /** How many local push services to start (0 by default). */
  push?: number;
  /** Sign an admin in (true by default). */
  admin?: boolean;
  /** Work before the app starts (building the web app), and the hook's timeout for it. */
  before?: () => void | Promise<void>;
  timeoutMs?: number;
}

/**
 * Register the file's set-up and tear-down; the returned fixture's fields are set once its
 * `beforeAll` ran, so read them inside tests (or hooks registered after this call).
 */
export function setupRouteFixture(options: RouteFixtureOptions = {}): RouteFixture {
  const fixture = { pushes: [] as PushService[] } as unknown as RouteFixture;
  beforeAll(async () => {
    await options.before?.();
    fixture.pushes = await Promise.all(Array.from({ length: options.push ?? 0 }, () => startPushService()));
    // Every local push service uses this process's one test certificate: one CA file trusts them all.
    const trust: Record<string, string> = fixture.pushes[0] ? { PUSH_CA_FILE: fixture.pushes[0].caFile } : {};
    fixture.t = await startTestApp({ ...trust, ...options.env });
    fixture.a = actors(fixture.t);
    if (options.admin !== false) fixture.admin = await fixture.a.userWithRole('admin', 'admin');
  }, options.timeoutMs);
  afterAll(async () => {
    await fixture.t?.close();
    await Promise.all(fixture.pushes.map((service) => service.close()));
  });
  return fixture;
}
