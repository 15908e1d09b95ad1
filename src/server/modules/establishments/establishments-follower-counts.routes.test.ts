/**
 * Figures that agree over HTTP: an establishment with followers who confirmed
 * their email and people who followed and still wait for the emailed link. Every place that counts
 * them says the same two numbers: "Followers" (confirmed, they receive) and "waiting for email
 * confirmation": the establishment's page, its public page, the management list, its members, the
 * establishments export (CSV and JSON), its dashboard; the platform's dashboard is the sum over the
 * live establishments. Confirming, leaving and deleting an establishment move them all together.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hasLink, linkToken } from '../../../../tests/support/account-mails';
import { csvObjects } from '../../../../tests/support/csv';
import {
  addMember,
  admin,
  createEstablishment,
  del,
  followerOf,
  get,
  post,
  setupEstablishmentsApp,
  t,
  uniqueEmail,
  uniqueWord,
  userWithRole,
} from '../../../../tests/support/establishments-fixtures';
import type { Establishment, MemberListSchema } from '../../../shared/schemas/establishment.schema';
import type { EstablishmentExportRow } from '../../../shared/schemas/export.schema';
import type { Dashboard } from '../../../shared/schemas/report.schema';

setupEstablishmentsApp();

interface Counts {
  followers: number;
  waiting: number;
}

let address = 0;
/** Someone registers on the business's page, as its form sends it: following, waiting for the link. */
async function registersAt(establishmentId: string, tag: string) {
  const email = uniqueEmail(tag);
  const res = await t.request({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: `10.31.8.${++address}`,
    payload: {
      firstName: 'Wanda',
      lastName: 'Waiting',
      email,
      phone: '+421 907 333 444',
      terms: true,
      establishmentId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, token: res.json<{ accessToken: string }>().accessToken };
}

/** The emailed link of that person, opened. */
async function confirms(email: string) {
  const mail = await t.mail.waitFor(email, hasLink('verify'));
  const res = await post('/api/account/verify', { token: linkToken(mail, 'verify') });
  expect(res.statusCode, res.body).toBe(200);
}

const json = <T>(res: { statusCode: number; body: string; json: <U>() => U }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

/** The establishment's own page (operator view). */
async function onItsPage(id: string): Promise<Counts> {
  const { establishment } = json<{ establishment: Establishment }>(
    await get(`/api/establishments/${id}`, admin.token),
  );
  return { followers: establishment.followerCount, waiting: establishment.waitingCount };
}

/** Every live establishment in the management list (admins), by id. */
async function managementList(): Promise<Map<string, Counts>> {
  const { items, total } = json<{ items: Establishment[]; total: number }>(
    await get('/api/establishments?pageSize=100', admin.token),
  );
  expect(items).toHaveLength(total);
  return new Map(items.map((e) => [e.id, { followers: e.followerCount, waiting: e.waitingCount }]));
}

async function inItsMembers(id: string): Promise<Counts> {
  const list = json<z.infer<typeof MemberListSchema>>(
    await get(`/api/establishments/${id}/members`, admin.token),
  );
  // The list shows the waiting followers (marked), and counts them apart.
  const customers = list.items.filter((m) => m.kind === 'customer');
  expect(customers.filter((m) => !m.emailVerified)).toHaveLength(list.waitingCount);
  expect(customers.filter((m) => m.emailVerified)).toHaveLength(list.followerCount);
  return { followers: list.followerCount, waiting: list.waitingCount };
}

async function inTheExport(id: string): Promise<{ csv: Counts; json: Counts }> {
  const csv = await get('/api/management/export/establishments', admin.token);
  expect(csv.statusCode, csv.body).toBe(200);
  const line = csvObjects(csv.body).find((row) => row.ID === id)!;
  const rows = json<EstablishmentExportRow[]>(
    await get('/api/management/export/establishments?format=json', admin.token),
  );
  const row = rows.find((r) => r.id === id)!;
  return {
    csv: { followers: Number(line.Followers), waiting: Number(line['Waiting for email confirmation']) },
    json: { followers: row.followers, waiting: row.waitingForConfirmation },
  };
}

/** Today's figures of a dashboard (an establishment's, or the platform's), and the chart's last day. */
async function onTheDashboard(establishmentId?: string): Promise<{ today: Counts; chart: Counts }> {
  const query = establishmentId ? `?establishmentId=${establishmentId}` : '';
  const dashboard = json<Dashboard>(await get(`/api/reports/dashboard${query}`, admin.token));
  const { users, waiting } = dashboard.periods.today.figures;
  const last = dashboard.series.points.at(-1)!;
  return { today: { followers: users, waiting }, chart: { followers: last.users, waiting: last.waiting } };
}

/** Every screen and file says the same two numbers for this establishment. */
async function expectEverywhere(id: string, expected: Counts) {
  expect(await onItsPage(id)).toEqual(expected);
  expect((await managementList()).get(id)).toEqual(expected);
  expect(await inItsMembers(id)).toEqual(expected);
  expect(await inTheExport(id)).toEqual({ csv: expected, json: expected });
  expect(await onTheDashboard(id)).toEqual({ today: expected, chart: expected });
  // The public page shows the followers only: who is waiting is the operators' to know.
  const { establishment: shown } = json<{ establishment: Record<string, unknown> }>(
    await get(`/api/public/establishments/${id}`),
  );
  expect(shown.followerCount).toBe(expected.followers);
  expect(shown).not.toHaveProperty('waitingCount');
}

/** The platform's dashboard is the sum over the live establishments of the list. */
async function expectPlatformIsTheSum() {
  const sum = { followers: 0, waiting: 0 };
  for (const counts of (await managementList()).values()) {
    sum.followers += counts.followers;
    sum.waiting += counts.waiting;
  }
  expect(await onTheDashboard()).toEqual({ today: sum, chart: sum });
  return sum;
}

describe('followers and those waiting for email confirmation', () => {
  it('are the same two numbers on every screen, in the export and on the dashboards, as they change', async () => {
    const shop = await createEstablishment({ name: `Counted Café ${uniqueWord('fc')}` });
    const other = await createEstablishment({ name: `Other Bar ${uniqueWord('fc')}` });
    // Two confirmed followers, three who registered on its page and wait for the link, and an
    // operator (a client, never counted as a follower).
    const [ana] = [await followerOf(shop.id, 'ana'), await followerOf(shop.id, 'ben')];
    const waiting = [
      await registersAt(shop.id, 'wait1'),
      await registersAt(shop.id, 'wait2'),
      await registersAt(shop.id, 'wait3'),
    ];
    const operator = await userWithRole('customer', 'operator');
    await addMember(shop.id, operator.email, 'client');
    await followerOf(other.id, 'regular');
    const otherWaiting = await registersAt(other.id, 'other-wait');

    await expectEverywhere(shop.id, { followers: 2, waiting: 3 });
    await expectEverywhere(other.id, { followers: 1, waiting: 1 });
    expect(await expectPlatformIsTheSum()).toEqual({ followers: 3, waiting: 4 });

    // One of those waiting opens the link: a follower now, everywhere at once.
    await confirms(waiting[0]!.email);
    await expectEverywhere(shop.id, { followers: 3, waiting: 2 });
    // One confirmed follower leaves; one still waiting leaves too.
    expect((await del(`/api/establishments/${shop.id}/follow`, ana!.token)).statusCode).toBe(200);
    expect((await del(`/api/establishments/${shop.id}/follow`, waiting[1]!.token)).statusCode).toBe(200);
    await expectEverywhere(shop.id, { followers: 2, waiting: 1 });
    expect(await expectPlatformIsTheSum()).toEqual({ followers: 3, waiting: 2 });

    // A deleted establishment leaves the list, the export and the platform's figures together.
    expect((await del(`/api/establishments/${other.id}`, admin.token)).statusCode).toBe(200);
    expect((await managementList()).has(other.id)).toBe(false);
    expect(await expectPlatformIsTheSum()).toEqual({ followers: 2, waiting: 1 });
    // Someone who followed it confirming later changes nothing there: it no longer exists.
    await confirms(otherWaiting.email);
    expect(await expectPlatformIsTheSum()).toEqual({ followers: 2, waiting: 1 });
    await confirms(waiting[2]!.email);
    await expectEverywhere(shop.id, { followers: 3, waiting: 0 });
    expect(await expectPlatformIsTheSum()).toEqual({ followers: 3, waiting: 0 });
  });
});
