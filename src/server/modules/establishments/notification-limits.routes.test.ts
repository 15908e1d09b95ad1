/**
 * A business's own fatigue guard limits over HTTP: its managers set them within the platform's
 * ceilings (the product's defaults here: 1 a day and 3 a week, at most 3 and 10), the operator
 * view reads them with the defaults and ceilings, and nobody else may change them. That a chosen
 * limit applies to sends: delivery/fatigue-guard.routes.test.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Establishment, EstablishmentView } from '../../../shared/schemas/establishment.schema';
import type { NotificationLimits } from '../../../shared/schemas/notification-limits.schema';

const fx = setupRouteFixture({
  env: {
    FATIGUE_PER_DAY: '1',
    FATIGUE_PER_WEEK: '3',
    FATIGUE_MAX_PER_DAY: '3',
    FATIGUE_MAX_PER_WEEK: '10',
  },
});

const PLATFORM = { guard: true, defaultPerDay: 1, defaultPerWeek: 3, maxPerDay: 3, maxPerWeek: 10 };

async function shop(name: string) {
  const establishment = await fx.a.establishment(fx.admin, name);
  const client = await fx.a.clientOf(fx.admin, establishment.id);
  return { establishment, client };
}

const setLimits = (id: string, body: unknown, token?: string) =>
  fx.a.call('PUT', `/api/establishments/${id}/notification-limits`, body, token);

async function limitsOf(id: string, user: Session): Promise<NotificationLimits> {
  const res = await fx.a.call('GET', `/api/establishments/${id}`, undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ establishment: Establishment }>().establishment.notificationLimits;
}

function expectFields(res: LightMyRequestResponse, fields: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; fields: Record<string, string> }>();
  expect(body.code).toBe(ErrorCode.VALIDATION);
  expect(body.fields).toEqual(fields);
}

describe('notification limits of a business', () => {
  it('are the platform defaults until chosen; a manager stores them and reads them back', async () => {
    const { establishment, client } = await shop('Limits Bakery');
    expect(await limitsOf(establishment.id, client)).toEqual({ ...PLATFORM, perDay: null, perWeek: null });

    const res = await setLimits(establishment.id, { perDay: 2, perWeek: 10 }, client.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(Msg.notificationLimitsSaved);
    const chosen = { ...PLATFORM, perDay: 2, perWeek: 10 };
    expect(res.json<{ establishment: Establishment }>().establishment.notificationLimits).toEqual(chosen);
    expect(await limitsOf(establishment.id, client)).toEqual(chosen);
    // One left out is the default: a day within the default week is fine.
    const dayOnly = await setLimits(establishment.id, { perDay: 3 }, client.token);
    expect(dayOnly.statusCode, dayOnly.body).toBe(200);
    expect(await limitsOf(establishment.id, client)).toEqual({ ...PLATFORM, perDay: 3, perWeek: null });
  });

  it('go back to the defaults with null', async () => {
    const { establishment, client } = await shop('Reset Bar');
    expect((await setLimits(establishment.id, { perDay: 1, perWeek: 2 }, client.token)).statusCode).toBe(200);
    const reset = await setLimits(establishment.id, { perDay: null, perWeek: null }, client.token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await limitsOf(establishment.id, client)).toEqual({ ...PLATFORM, perDay: null, perWeek: null });
  });

  it('are refused above the platform ceilings, or more a day than a week, naming the field', async () => {
    const { establishment, client } = await shop('Eager Cafe');
    const id = establishment.id;
    const dayMax = 'At most 3 a day: the most this platform allows';
    const weekMax = 'At most 10 a week: the most this platform allows';
    expectFields(await setLimits(id, { perDay: 4, perWeek: 10 }, client.token), { perDay: dayMax });
    expectFields(await setLimits(id, { perDay: 1, perWeek: 11 }, client.token), { perWeek: weekMax });
    expectFields(await setLimits(id, { perDay: 9, perWeek: 99 }, client.token), {
      perDay: dayMax,
      perWeek: weekMax,
    });
    expectFields(await setLimits(id, { perDay: 3, perWeek: 2 }, client.token), {
      perDay: 'At most 2 a day: no more than in a week',
    });
    for (const perDay of [0, -1, 1.5, '2', true])
      expectFields(await setLimits(id, { perDay }, client.token), { perDay: Msg.notifyLimitWhole });
    // Nothing refused was stored.
    expect(await limitsOf(id, client)).toEqual({ ...PLATFORM, perDay: null, perWeek: null });
  });

  it('may be changed by its managers and admins only; followers never read them', async () => {
    const { establishment, client } = await shop('Guarded Deli');
    const other = await shop('Other Deli');
    const follower = await fx.a.followerOf(establishment.id, 'deli-fan');
    const body = { perDay: 2, perWeek: 4 };
    expect((await setLimits(establishment.id, body)).statusCode).toBe(401);
    for (const outsider of [follower, other.client]) {
      const res = await setLimits(establishment.id, body, outsider.token);
      expect(res.statusCode, res.body).toBe(403);
    }
    // Refused before its body is looked at: a wrong body from an outsider is a 403 too.
    expect((await setLimits(establishment.id, { perDay: 99 }, follower.token)).statusCode).toBe(403);
    expect(await limitsOf(establishment.id, client)).toMatchObject({ perDay: null, perWeek: null });

    const byAdmin = await setLimits(establishment.id, body, fx.admin.token);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await limitsOf(establishment.id, client)).toMatchObject(body);
    // An admin acts for the business: the audit log names the setting, not its values.
    const log = await fx.a.call('GET', '/api/management/audit-log?limit=1', undefined, fx.admin.token);
    expect(log.json<{ items: unknown[] }>().items[0]).toMatchObject({
      action: 'establishment.update',
      targetEstablishmentId: establishment.id,
      detail: { changed: ['notificationLimits'] },
    });
    const seen = await fx.a.call('GET', `/api/establishments/${establishment.id}`, undefined, follower.token);
    expect(seen.json<{ establishment: EstablishmentView }>().establishment).not.toHaveProperty(
      'notificationLimits',
    );
  });
});
