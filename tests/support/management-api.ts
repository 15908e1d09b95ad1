/**
 * Shared setup of the user-management API suites (src/server/modules/management/*.routes.test.ts):
 * the real app (routes, jobs, mail) on a throw-away database with a real SMTP sink and, when asked,
 * a real local push service; an admin; and the calls the suites act through. Users of each role are
 * written to the database as setup (api-actors.ts); everything else goes over HTTP. `t`, `a` and
 * `admin` are set by `setupManagementApp()` before the first test runs.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { preferenceGroups, preferences } from '../../src/server/db/schema';
import { ErrorCode } from '../../src/shared/errors';
import { Msg } from '../../src/shared/messages';
import type { AuditEntry, ManagedUser } from '../../src/shared/schemas/user-management.schema';
import { hasLink, passwordIn } from './account-mails';
import { type actors, type Session, uniqueEmail } from './api-actors';
import type { PushService } from './push-service';
import { setupRouteFixture } from './route-fixture';
import type { ReceivedMail } from './smtp-sink';
import type { TestApp } from './test-app';

export { hasLink, linkToken, passwordIn } from './account-mails';
export { type Session, uniqueEmail } from './api-actors';

export let t: TestApp;
export let a: ReturnType<typeof actors>;
export let admin: Session;
export let push: PushService | undefined;

/** Start the app (with a local push service when `withPush`) and make the admin; close after. */
export function setupManagementApp({ withPush = false }: { withPush?: boolean } = {}) {
  const fixture = setupRouteFixture({ push: withPush ? 1 : 0 });
  beforeAll(() => {
    ({ t, a, admin } = fixture);
    push = fixture.pushes[0];
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const call = (method: Method, url: string, payload?: unknown, token?: string) =>
  a.call(method, url, payload, token);

/** An error answer: JSON `{ error, code, fields? }`, its status and code, and no stack trace. */
export function expectError(res: LightMyRequestResponse, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string; fields?: Record<string, string> }>();
  expect(body.code, res.body).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
  expect(Object.keys(body).every((key) => ['error', 'code', 'fields'].includes(key))).toBe(true);
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
  return body;
}

/** A 400 that names `field` (with `message`, when given). */
export function expectFieldError(res: LightMyRequestResponse, field: string, message?: string) {
  const body = expectError(res, 400, ErrorCode.VALIDATION);
  expect(body.fields?.[field], res.body).toBeDefined();
  if (message !== undefined) expect(body.fields?.[field]).toBe(message);
}

/** Guests get 401; a signed-in customer, client and representative get 403. */
export async function expectAdminOnly(method: Method, url: string, payload?: unknown) {
  expectError(await call(method, url, payload), 401, ErrorCode.UNAUTHORIZED, Msg.unauthorized);
  for (const role of ['customer', 'client', 'representant'] as const) {
    const user = await a.userWithRole(role);
    expectError(await call(method, url, payload, user.token), 403, ErrorCode.FORBIDDEN, Msg.forbidden);
  }
}

/** An establishment made by the admin over HTTP. */
export const establishment = (name = 'Café Management') => a.establishment(admin, name);

/** A customer made over HTTP by `by` (the admin by default) through POST /api/management/customers. */
export async function createCustomer(
  establishmentId: string,
  extra: Record<string, unknown> = {},
  by = admin,
) {
  const email = uniqueEmail('customer');
  const res = await call(
    'POST',
    '/api/management/customers',
    {
      firstName: 'Zuzana',
      lastName: 'Nováková',
      email,
      phone: '+421 900 111 222',
      establishmentId,
      ...extra,
    },
    by.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<{ user: ManagedUser; message: string }>(), email };
}

/** The registration email the welcome job sent to `email`. */
export const welcomeMail = (email: string) => t.mail.waitFor(email, hasLink('verify'));

/** A mail to `to` that arrived after the sink held `since` messages (and matching `where`). */
export const mailAfter = (since: number, to: string, where: (m: ReceivedMail) => boolean = () => true) =>
  t.mail.waitFor(to, (m) => t.mail.received.indexOf(m) >= since && where(m));

/** Sign in with the password of the registration email; answers the session. */
export async function signInFromWelcome(email: string): Promise<Session & { password: string }> {
  const password = passwordIn(await welcomeMail(email));
  const res = await call('POST', '/api/account/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ user: { id: string }; accessToken: string }>();
  return { id: body.user.id, email, token: body.accessToken, password };
}

/** The audit log as the admin reads it, newest first (about one user when `targetUserId`). */
export async function auditLog(targetUserId?: string): Promise<AuditEntry[]> {
  const res = await call(
    'GET',
    `/api/management/audit-log${targetUserId ? `?targetUserId=${targetUserId}` : ''}`,
    undefined,
    admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: AuditEntry[] }>().items;
}

let seq = 0;
/** SETUP: a preference group with one preference, written to the database. */
export async function preference(name = 'Vegan') {
  const [group] = await t.ctx.db
    .insert(preferenceGroups)
    .values({ name: `Food ${++seq}` })
    .returning();
  const [row] = await t.ctx.db.insert(preferences).values({ groupId: group!.id, name }).returning();
  return { id: row!.id, name, groupName: group!.name };
}
