/**
 * The establishments API over HTTP, end to end (listing and what each audience sees): the real app
 * (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users of
 * each role are created directly in the database as setup; everything asserted is what a client sees
 * over HTTP. Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  clientPerson,
  createEstablishment,
  del,
  establishmentOf,
  expectError,
  expectUnauthorized,
  FOLLOWER_FIELDS,
  followerOf,
  get,
  listedBody,
  listIds,
  OPERATOR_ONLY,
  post,
  profile,
  type Session,
  setupEstablishmentsApp,
  uniqueEmail,
  uniqueWord,
  userWithRole,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';
import type { Establishment } from '../../../shared/schemas/establishment.schema';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('listing', () => {
    it('admin sees all, with paging and q search over name, city and email', async () => {
      const word = uniqueWord('list');
      const a = await createEstablishment({ name: `${word} Alpha` });
      const b = await createEstablishment({ name: `${word} Beta` });
      const c = await createEstablishment({ name: `${word} Gamma` });
      const inCity = await createEstablishment({ name: 'Elsewhere', city: `${word}ville` });
      const other = await createEstablishment({ name: 'Unrelated' });

      const all = await get('/api/establishments?pageSize=100', admin.token);
      expect(all.statusCode).toBe(200);
      const allBody = all.json<{ items: Establishment[]; total: number; page: number; pageSize: number }>();
      expect(allBody.total).toBeGreaterThanOrEqual(5);
      expect(allBody.page).toBe(1);
      expect(allBody.pageSize).toBe(100);
      expect(allBody.items.map((e) => e.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id, other.id]));

      const found = await listIds(admin.token, `?q=${word}`);
      expect(found.sort()).toEqual([a.id, b.id, c.id, inCity.id].sort());
      // Case-insensitive.
      expect((await listIds(admin.token, `?q=${word.toUpperCase()}`)).length).toBe(4);
      expect(await listIds(admin.token, `?q=${word}%20Beta`)).toEqual([b.id]);
      // Accents do not matter either way: "presov" finds "Prešov", "KOŠICE" finds "Kosice".
      const tag = uniqueWord('fold');
      const presov = await createEstablishment({ name: `Bistro Prešov ${tag}`, city: 'Kosice' });
      expect(await listIds(admin.token, `?q=presov%20${tag}`)).toEqual([presov.id]);
      expect(await listIds(admin.token, `?q=${encodeURIComponent(`KOŠICE ${tag}`)}`)).toEqual([presov.id]);
      // % and _ are literal characters, not wildcards.
      expect(await listIds(admin.token, `?q=${word}%25`)).toEqual([]);
      expect(await listIds(admin.token, `?q=${word.slice(0, 3)}_${word.slice(4)}`)).toEqual([]);

      const page1 = await get(`/api/establishments?q=${word}&pageSize=3&page=1`, admin.token);
      const page2 = await get(`/api/establishments?q=${word}&pageSize=3&page=2`, admin.token);
      const page3 = await get(`/api/establishments?q=${word}&pageSize=3&page=3`, admin.token);
      const p1 = page1.json<{ items: Establishment[]; total: number; page: number }>();
      const p2 = page2.json<{ items: Establishment[]; total: number; page: number }>();
      expect(p1.total).toBe(4);
      expect(p2.total).toBe(4);
      expect(p1.items).toHaveLength(3);
      expect(p2.items).toHaveLength(1);
      expect(p2.page).toBe(2);
      expect(page3.json().items).toEqual([]);
      const paged = [...p1.items, ...p2.items].map((e) => e.id);
      expect(new Set(paged).size).toBe(4);
      expect(paged.sort()).toEqual(found.sort());
      // Newest first.
      expect(p1.items[0]!.id).toBe(inCity.id);
    });

    it('orders newest first by default, or by name whatever the case and accents, each page after the last', async () => {
      const word = uniqueWord('order');
      // Created in this order; by bytes they would sort "Alžbeta", "ZOO", "bistro", "delta", "Ábel", "Čaj".
      const names = ['delta', 'Čaj', 'ZOO', 'Ábel', 'bistro', 'Alžbeta'];
      const byName: Record<string, string> = {};
      for (const name of names) byName[name] = (await createEstablishment({ name: `${word} ${name}` })).id;
      const ids = (list: string[]) => list.map((name) => byName[name]);

      expect(await listIds(admin.token, `?q=${word}`)).toEqual(ids([...names].reverse()));
      expect(await listIds(admin.token, `?q=${word}&sort=newest`)).toEqual(ids([...names].reverse()));
      const alphabetical = ids(['Ábel', 'Alžbeta', 'bistro', 'Čaj', 'delta', 'ZOO']);
      expect(await listIds(admin.token, `?q=${word}&sort=name`)).toEqual(alphabetical);
      // Page by page, the same order: nothing repeated, nothing skipped.
      const paged: string[] = [];
      for (const page of [1, 2, 3])
        paged.push(...(await listIds(admin.token, `?q=${word}&sort=name&pageSize=2&page=${page}`)));
      expect(paged).toEqual(alphabetical);

      // Equal names keep one order (by id) from call to call.
      const twin = uniqueWord('twin');
      for (let i = 0; i < 3; i++) await createEstablishment({ name: `${twin} Same` });
      const first = await listIds(admin.token, `?q=${twin}&sort=name`);
      expect(first).toEqual([...first].sort());
      expect(await listIds(admin.token, `?q=${twin}&sort=name`)).toEqual(first);

      const bad = expectError(
        await get('/api/establishments?sort=city', admin.token),
        400,
        undefined,
        ErrorCode.VALIDATION,
      );
      expect(bad.fields?.sort).toBe('Choose one of: newest, name');
    });

    it('filters by status', async () => {
      const word = uniqueWord('status');
      const active = await createEstablishment({ name: `${word} on` });
      const inactive = await createEstablishment({ name: `${word} off`, active: false });
      const blocked = await createEstablishment({ name: `${word} blocked` });
      expect((await post(`/api/establishments/${blocked.id}/block`, undefined, admin.token)).statusCode).toBe(
        200,
      );
      expect(await listIds(admin.token, `?q=${word}&status=active`)).toEqual([active.id]);
      expect(await listIds(admin.token, `?q=${word}&status=inactive`)).toEqual([inactive.id]);
      expect(await listIds(admin.token, `?q=${word}&status=blocked`)).toEqual([blocked.id]);
      expect(inactive.status).toBe('inactive');
      const deleted = expectError(
        await get('/api/establishments?status=deleted', admin.token),
        400,
        undefined,
        ErrorCode.VALIDATION,
      );
      expect(deleted.fields?.status).toEqual(expect.any(String));
    });

    it('a representative sees only what they registered; a client only what they operate; a customer only what they follow', async () => {
      const rep = await userWithRole('representant', 'rep-list');
      const otherRep = await userWithRole('representant', 'rep-other');
      const signup = async (by: Session, tag: string) => {
        const res = await post(
          '/api/establishments/client-signup',
          { client: clientPerson(uniqueEmail(tag)), establishment: profile({ name: `Rep ${tag}` }) },
          by.token,
        );
        expect(res.statusCode, res.body).toBe(201);
        return establishmentOf(res);
      };
      const r1 = await signup(rep, 'r1');
      const r2 = await signup(rep, 'r2');
      const r3 = await signup(otherRep, 'r3');
      expect((await listIds(rep.token)).sort()).toEqual([r1.id, r2.id].sort());
      expect(await listIds(otherRep.token)).toEqual([r3.id]);

      const a = await createEstablishment({ name: 'Operated A' });
      const b = await createEstablishment({ name: 'Followed B' });
      const client = await clientOf(a.id, 'list-client');
      // The client also follows B, which is not "their" establishment to manage.
      expect((await post(`/api/establishments/${b.id}/follow`, undefined, client.token)).statusCode).toBe(
        200,
      );
      expect(await listIds(client.token)).toEqual([a.id]);

      const customer = await followerOf(b.id, 'list-customer');
      const listed = await get('/api/establishments', customer.token);
      expect(listed.json()).toMatchObject({ total: 1, page: 1, pageSize: 25 });
      expect(listed.json<{ items: Establishment[] }>().items.map((e) => e.id)).toEqual([b.id]);

      const loner = await userWithRole('customer', 'list-none');
      expect(listedBody(await get('/api/establishments', loner.token))).toEqual({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
      });
      expectUnauthorized(await get('/api/establishments'));
    });

    it('never lists deleted establishments', async () => {
      const rep = await userWithRole('representant', 'rep-del');
      const word = uniqueWord('gone');
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('gone')), establishment: profile({ name: `${word} Gone` }) },
        rep.token,
      );
      const gone = establishmentOf(res);
      const kept = await createEstablishment({ name: `${word} Kept` });
      const follower = await followerOf(gone.id, 'gone-follower');
      await followerOf(kept.id, 'kept-follower');
      expect((await del(`/api/establishments/${gone.id}`, admin.token)).statusCode).toBe(200);

      expect(await listIds(admin.token, `?q=${word}`)).toEqual([kept.id]);
      const counted = await get(`/api/establishments?q=${word}`, admin.token);
      expect(counted.json().total).toBe(1);
      expect(await listIds(rep.token)).toEqual([]);
      expect(await listIds(follower.token)).toEqual([]);
    });
  });

  describe('what each audience sees', () => {
    it('gives followers the public fields only and operators everything, one by one and in lists', async () => {
      const rep = await userWithRole('representant', 'view-rep');
      const signup = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('view-client')), establishment: profile({ name: 'View Venue' }) },
        rep.token,
      );
      const e = establishmentOf(signup);
      const client = await clientOf(e.id, 'view-client2');
      const follower = await followerOf(e.id, 'view-follower');

      const asFollower = establishmentOf(await get(`/api/establishments/${e.id}`, follower.token));
      expect(Object.keys(asFollower).sort()).toEqual(FOLLOWER_FIELDS);
      expect(asFollower).toMatchObject({
        audience: 'follower',
        id: e.id,
        name: 'View Venue',
        city: 'Bratislava',
        followerCount: 1,
        status: 'active',
        blocked: false,
      });
      const raw = (await get(`/api/establishments/${e.publicId}`, follower.token)).body;
      for (const secret of [
        '2020123456',
        'SK2020123456',
        '12345678',
        rep.id,
        'registeredById',
        'clientCount',
      ])
        expect(raw).not.toContain(secret);
      // In the follower's list too.
      const listed = listedBody(await get('/api/establishments', follower.token));
      expect(listed.items.map((item: Record<string, unknown>) => Object.keys(item).sort())).toEqual([
        FOLLOWER_FIELDS,
      ]);

      for (const operator of [admin, rep, client]) {
        const view = establishmentOf(await get(`/api/establishments/${e.id}`, operator.token));
        expect(view).toMatchObject({
          audience: 'operator',
          taxId: '2020123456',
          vatNumber: 'SK2020123456',
          businessId: '12345678',
          registeredById: rep.id,
          clientCount: 2,
          followerCount: 1,
        });
        for (const key of OPERATOR_ONLY) expect(view, key).toHaveProperty(key);
      }
      const clientList = listedBody(await get('/api/establishments', client.token));
      expect(clientList.items).toEqual([
        expect.objectContaining({ audience: 'operator', taxId: '2020123456' }),
      ]);
    });

    it('says in the API docs what each audience gets', async () => {
      const docs = listedBody(await get('/api/docs/json'));
      const schema = docs.paths['/api/establishments/{id}'].get.responses['200'].content['application/json']
        .schema as { properties: { establishment: Record<string, unknown> } };
      const text = JSON.stringify(schema.properties.establishment);
      const variants = (schema.properties.establishment.oneOf ?? schema.properties.establishment.anyOf) as {
        properties: Record<string, unknown>;
      }[];
      expect(variants, text).toHaveLength(2);
      const [operator, follower] = ['operator', 'follower'].map(
        (audience) => variants.find((v) => JSON.stringify(v.properties.audience).includes(audience))!,
      );
      expect(Object.keys(operator!.properties)).toEqual(expect.arrayContaining([...OPERATOR_ONLY]));
      expect(Object.keys(follower!.properties).sort()).toEqual(FOLLOWER_FIELDS);
    });
  });
});
