/**
 * The establishments API over HTTP, end to end (create, update and who may read or update): the real
 * app (routing, validation, auth, jobs, mail) on a throw-away database, with a real SMTP sink. Users
 * of each role are created directly in the database as setup; everything asserted is what a client
 * sees over HTTP. Shared setup and helpers: tests/support/establishments-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  clientPerson,
  createEstablishment,
  establishmentOf,
  expectError,
  expectFieldError,
  expectForbidden,
  expectGone,
  expectUnauthorized,
  followerOf,
  get,
  png,
  pngPart,
  post,
  profile,
  put,
  setupEstablishmentsApp,
  uniqueEmail,
  upload,
  userWithRole,
} from '../../../../tests/support/establishments-fixtures';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { RESERVED_PATH_SEGMENTS } from '../../../shared/public-id';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('create and update (admin)', () => {
    it('creates with "Establishment created!" and updates with "Establishment updated"', async () => {
      const res = await post('/api/establishments', profile(), admin.token);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(Msg.establishmentCreated);
      expect(Msg.establishmentCreated).toBe('Establishment created!');
      const created = establishmentOf(res);
      const { address2: _a2, ...expected } = profile();
      expect(created).toMatchObject({
        ...expected,
        // Stored as a browser reads it (WHATWG URL), so what is shown is what opens.
        website: 'https://roma.example/',
        active: true,
        blocked: false,
        status: 'active',
        registeredById: null,
        logo: null,
        cover: null,
        followerCount: 0,
        clientCount: 0,
        timeZone: 'Europe/Bratislava',
      });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      // URL-safe and derived from the name: "Café Roma" -> "cafe-roma-xxxx".
      expect(created.publicId).toMatch(/^cafe-roma-[a-z0-9]{4}$/);

      const updated = await put(
        `/api/establishments/${created.id}`,
        profile({ name: 'Café Roma Nova', city: 'Košice', subheader: '' }),
        admin.token,
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toBe(Msg.establishmentUpdated);
      expect(Msg.establishmentUpdated).toBe('Establishment updated');
      expect(establishmentOf(updated)).toMatchObject({
        id: created.id,
        name: 'Café Roma Nova',
        city: 'Košice',
        subheader: '',
        // The public id is stable: shared links and QR codes keep working after a rename.
        publicId: created.publicId,
      });
      const read = await get(`/api/establishments/${created.id}`, admin.token);
      expect(establishmentOf(read)).toMatchObject({ name: 'Café Roma Nova', city: 'Košice' });
      // By public id too.
      const byPublicId = await get(`/api/establishments/${created.publicId}`, admin.token);
      expect(byPublicId.statusCode, byPublicId.body).toBe(200);
      expect(establishmentOf(byPublicId).id).toBe(created.id);
    });

    it('refuses creation to non-admins (403) and guests (401)', async () => {
      for (const role of ['representant', 'client', 'customer'] as const) {
        const user = await userWithRole(role, `create-${role}`);
        expectForbidden(await post('/api/establishments', profile(), user.token));
      }
      expectUnauthorized(await post('/api/establishments', profile()));
    });

    it('derives unique, URL-safe public ids from the name and never a reserved word', async () => {
      const ids: string[] = [];
      for (const name of [
        'App',
        'Login',
        'api',
        'Register',
        'Café Roma',
        'Café Roma',
        '!!!',
        'Ölstübchen Zürich',
      ]) {
        const created = await createEstablishment({ name });
        expect(created.publicId).toMatch(/^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/);
        expect(encodeURIComponent(created.publicId)).toBe(created.publicId);
        expect(RESERVED_PATH_SEGMENTS.has(created.publicId)).toBe(false);
        ids.push(created.publicId);
      }
      const [app, login, api, register, roma1, roma2, bangs, zurich] = ids;
      expect(app).not.toBe('app');
      expect(app).toMatch(/^app-[a-z0-9]{4}$/);
      expect(login).not.toBe('login');
      expect(login).toMatch(/^login-[a-z0-9]{4}$/);
      expect(api).not.toBe('api');
      expect(register).not.toBe('register');
      expect(roma1).not.toBe(roma2);
      expect(bangs).toMatch(/^place-[a-z0-9]{4}$/);
      expect(zurich).toMatch(/^olstubchen-zurich-[a-z0-9]{4}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('validates the profile on create and update', async () => {
      const created = await createEstablishment();
      const empty = await post('/api/establishments', {}, admin.token);
      const body = expectError(empty, 400, undefined, ErrorCode.VALIDATION);
      expect(body.fields).toMatchObject({
        name: 'name is required',
        email: 'email is required',
        phone: 'phone is required',
        address1: 'address is required',
        city: 'city is required',
        state: 'state is required',
        zip: 'ZIP is required',
        country: 'country is required',
        businessId: 'business ID is required',
        taxId: 'tax ID is required',
        vatNumber: 'VAT Reg. No. is required',
      });
      expectFieldError(
        await put(`/api/establishments/${created.id}`, profile({ website: 'www.example' }), admin.token),
        'website',
        'Must be a valid URL',
      );
      expectFieldError(
        await put(`/api/establishments/${created.id}`, profile({ timeZone: 'Mars/Olympus' }), admin.token),
        'timeZone',
        'Choose a time zone',
      );
      // A valid time zone is kept.
      const tz = await put(
        `/api/establishments/${created.id}`,
        profile({ timeZone: 'Europe/Stockholm' }),
        admin.token,
      );
      expect(establishmentOf(tz).timeZone).toBe('Europe/Stockholm');
      // Nothing else changed by the refused updates.
      expect(establishmentOf(await get(`/api/establishments/${created.id}`, admin.token)).website).toBe(
        'https://roma.example/',
      );
    });

    it('refuses a website with a user name or password in any spelling, and stores it as parsed', async () => {
      const created = establishmentOf(await post('/api/establishments', profile(), admin.token));
      for (const [website, message] of [
        ['https://www.bank.example@evil.example/', Msg.urlCredentials],
        ['https://user:pw@roma.example/', Msg.urlCredentials],
        ['http://:pw@roma.example/', Msg.urlCredentials],
        // A website is written with "//": these were never taken.
        ['https:/user:s3cret@roma.example/', Msg.invalidUrl],
        ['https:\\www.bank.example@evil.example/', Msg.invalidUrl],
      ] as const) {
        const res = await put(`/api/establishments/${created.id}`, profile({ website }), admin.token);
        expectFieldError(res, 'website', message);
      }
      const tidy = await put(
        `/api/establishments/${created.id}`,
        profile({ website: 'HTTPS://WWW.Roma.Example:443/a/../menu' }),
        admin.token,
      );
      expect(establishmentOf(tidy).website).toBe('https://www.roma.example/menu');
    });
  });

  describe('read and update authorization', () => {
    it('a client of A cannot read, update or upload to B, but can update A', async () => {
      const a = await createEstablishment({ name: 'Client Home A' });
      const b = await createEstablishment({ name: 'Foreign B' });
      const client = await clientOf(a.id, 'authz-client');

      expectForbidden(await get(`/api/establishments/${b.id}`, client.token));
      expectForbidden(await get(`/api/establishments/${b.publicId}`, client.token));
      expectForbidden(await put(`/api/establishments/${b.id}`, profile({ name: 'Hijacked' }), client.token));
      expectForbidden(
        await upload(`/api/establishments/${b.id}/logo`, client.token, [pngPart(await png(16, 16))]),
      );
      expectForbidden(
        await upload(`/api/establishments/${b.id}/cover`, client.token, [pngPart(await png(16, 16))]),
      );
      expectForbidden(
        await upload(`/api/establishments/${b.id}/gallery`, client.token, [pngPart(await png(16, 16))]),
      );
      expectForbidden(await get(`/api/establishments/${b.id}/members`, client.token));
      const bAfter = establishmentOf(await get(`/api/establishments/${b.id}`, admin.token));
      expect(bAfter).toMatchObject({ name: 'Foreign B', logo: null, cover: null });

      const read = await get(`/api/establishments/${a.id}`, client.token);
      expect(read.statusCode, read.body).toBe(200);
      const updated = await put(
        `/api/establishments/${a.id}`,
        profile({ name: 'Client Home A+', subheader: 'Now with terrace' }),
        client.token,
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toBe(Msg.establishmentUpdated);
      expect(establishmentOf(updated)).toMatchObject({
        name: 'Client Home A+',
        subheader: 'Now with terrace',
      });
    });

    it('a follower can read but not update; a stranger can do neither; a guest gets 401', async () => {
      const a = await createEstablishment({ name: 'Followed Place' });
      const follower = await followerOf(a.id, 'authz-follower');
      const read = await get(`/api/establishments/${a.id}`, follower.token);
      expect(read.statusCode, read.body).toBe(200);
      expect(establishmentOf(read)).toMatchObject({ id: a.id, followerCount: 1, audience: 'follower' });
      expectForbidden(
        await put(`/api/establishments/${a.id}`, profile({ name: 'Mine now' }), follower.token),
      );
      expectForbidden(
        await upload(`/api/establishments/${a.id}/logo`, follower.token, [pngPart(await png(16, 16))]),
      );

      const stranger = await userWithRole('customer', 'authz-stranger');
      expectForbidden(await get(`/api/establishments/${a.id}`, stranger.token));
      expectForbidden(await put(`/api/establishments/${a.id}`, profile(), stranger.token));

      expectUnauthorized(await get(`/api/establishments/${a.id}`));
      expectUnauthorized(await put(`/api/establishments/${a.id}`, profile()));
      expectUnauthorized(await get(`/api/establishments/${a.id}`, 'not-a-real-token'));
      expectUnauthorized(
        await upload(`/api/establishments/${a.id}/logo`, undefined, [pngPart(await png(16, 16))]),
      );
      expect(establishmentOf(await get(`/api/establishments/${a.id}`, admin.token)).name).toBe(
        'Followed Place',
      );
    });

    it('the registering representative reads it but does not edit the profile; another representative does neither', async () => {
      const rep = await userWithRole('representant', 'rep-read');
      const otherRep = await userWithRole('representant', 'rep-stranger');
      const res = await post(
        '/api/establishments/client-signup',
        { client: clientPerson(uniqueEmail('rep-read')), establishment: profile({ name: 'Rep Read' }) },
        rep.token,
      );
      const e = establishmentOf(res);
      expect((await get(`/api/establishments/${e.id}`, rep.token)).statusCode).toBe(200);
      expect((await get(`/api/establishments/${e.id}/members`, rep.token)).statusCode).toBe(200);
      expectForbidden(await put(`/api/establishments/${e.id}`, profile(), rep.token));
      expectForbidden(await get(`/api/establishments/${e.id}`, otherRep.token));
    });

    it('answers 404 with the business message for an unknown id or public id', async () => {
      expectGone(await get('/api/establishments/00000000-0000-4000-8000-000000000000', admin.token));
      expectGone(await get('/api/establishments/no-such-place-xyz', admin.token));
      expectGone(await put('/api/establishments/no-such-place-xyz', profile(), admin.token));
      expectGone(await get('/api/public/establishments/no-such-place-xyz'));
    });
  });
});
