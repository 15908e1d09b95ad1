import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { Msg } from '../../../shared/messages';
import { establishments } from '../../db/schema';

/** Who may export what: 401 without a token, 403 for roles and operators it is not theirs, 400 and 404. */

let t: TestApp;
let act: ReturnType<typeof actors>;
let admin: Session;
let venueId: string;
let otherVenueId: string;
let operator: Session;
let otherOperator: Session;
let registrar: Session;
let otherRepresentant: Session;
let customer: Session;
let follower: Session;

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });

const fixture = setupRouteFixture();
beforeAll(async () => {
  ({ t, a: act, admin } = fixture);
  const venue = await act.establishment(admin, 'Access Bistro');
  const other = await act.establishment(admin, 'Other Bistro');
  venueId = venue.id;
  otherVenueId = other.id;
  operator = await act.clientOf(admin, venueId, 'operator');
  otherOperator = await act.clientOf(admin, otherVenueId, 'other-operator');
  registrar = await act.userWithRole('representant', 'registrar');
  otherRepresentant = await act.userWithRole('representant', 'other-rep');
  // SETUP: the representative who signed the business up.
  await t.ctx.db
    .update(establishments)
    .set({ registeredById: registrar.id })
    .where(eq(establishments.id, venueId));
  customer = await act.userWithRole('customer');
  follower = await act.followerOf(venueId);
});

const LIST_EXPORTS = ['/api/management/export/users', '/api/management/export/establishments'];

describe('who may export', () => {
  it('answers 401 to a guest on every export', async () => {
    for (const url of [
      ...LIST_EXPORTS,
      `/api/management/export/followers?establishmentId=${venueId}`,
      `/api/management/users/${customer.id}/export`,
      '/api/account/export',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lets only admins export users, establishments and a user’s data', async () => {
    for (const who of [customer, operator, registrar]) {
      for (const url of [...LIST_EXPORTS, `/api/management/users/${follower.id}/export`]) {
        const res = await get(`${url}?format=csv`, who.token);
        expect(res.statusCode, `${who.email} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    for (const url of LIST_EXPORTS) expect((await get(url, admin.token)).statusCode).toBe(200);
  });

  it('lets who manages an establishment export its followers, and no one else', async () => {
    const url = `/api/management/export/followers?establishmentId=${venueId}&format=csv`;
    for (const who of [admin, operator, registrar]) {
      const res = await get(url, who.token);
      expect(res.statusCode, who.email).toBe(200);
      expect(res.body).toContain(follower.email);
    }
    for (const who of [otherOperator, otherRepresentant, customer, follower]) {
      const res = await get(url, who.token);
      expect(res.statusCode, who.email).toBe(403);
    }
  });

  it('answers 404 for an establishment or user that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const followers = await get(`/api/management/export/followers?establishmentId=${missing}`, admin.token);
    expect(followers.statusCode).toBe(404);
    expect(followers.json().error).toBe(Msg.establishmentNotFound);
    expect((await get(`/api/management/users/${missing}/export`, admin.token)).statusCode).toBe(404);
  });

  it('names the field of a bad format or filter', async () => {
    const format = await get('/api/management/export/users?format=xlsx', admin.token);
    expect(format.statusCode).toBe(400);
    expect(format.json().fields).toEqual({ format: 'Choose one of: csv, json' });

    const filters = await get(
      '/api/management/export/users?verified=maybe&createdFrom=yesterday&role=boss',
      admin.token,
    );
    expect(filters.statusCode).toBe(400);
    expect(filters.json().fields).toMatchObject({
      verified: 'Choose true or false',
      createdFrom: Msg.invalidDate,
      role: 'Choose a role',
    });

    const backwards = await get(
      '/api/management/export/users?createdFrom=2025-05-02&createdTo=2025-05-01',
      admin.token,
    );
    expect(backwards.json().fields).toEqual({ createdTo: Msg.endAfterStart });

    const noVenue = await get('/api/management/export/followers', operator.token);
    expect(noVenue.statusCode).toBe(400);
    expect(noVenue.json().fields).toHaveProperty('establishmentId');
    expect((await get('/api/account/export?format=pdf', customer.token)).json().fields).toHaveProperty(
      'format',
    );
  });

  it('records admin exports in the audit log', async () => {
    await get('/api/management/export/establishments?format=json', admin.token);
    const log = await get('/api/management/audit-log', admin.token);
    expect(log.statusCode, log.body).toBe(200);
    const entry = log
      .json<{ items: { action: string; actorId: string; detail: { kind?: string } }[] }>()
      .items.find((item) => item.action === 'data.export' && item.detail.kind === 'establishments');
    expect(entry?.actorId).toBe(admin.id);
  });
});
