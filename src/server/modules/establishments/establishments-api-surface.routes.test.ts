/**
 * The establishments API over HTTP, end to end (API surface): the real app (routing, validation, auth,
 * jobs, mail) on a throw-away database, with a real SMTP sink. Users of each role are created directly
 * in the database as setup; everything asserted is what a client sees over HTTP. Shared setup and
 * helpers: tests/support/establishments-fixtures.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  admin,
  clientOf,
  clientPerson,
  createEstablishment,
  del,
  establishmentOf,
  expectClientError,
  expectError,
  expectFieldError,
  expectGone,
  get,
  patch,
  png,
  pngPart,
  post,
  profile,
  put,
  setupEstablishmentsApp,
  t,
  uniqueEmail,
  upload,
} from '../../../../tests/support/establishments-fixtures';
import { multipart } from '../../../../tests/support/multipart';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('establishments API', () => {
  setupEstablishmentsApp();

  describe('API surface', () => {
    it('/api/docs/json lists every establishments path', async () => {
      const res = await get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      const expected: [string, string][] = [
        ['get', '/api/establishments'],
        ['post', '/api/establishments'],
        ['post', '/api/establishments/client-signup'],
        ['get', '/api/establishments/{id}'],
        ['put', '/api/establishments/{id}'],
        ['delete', '/api/establishments/{id}'],
        ['post', '/api/establishments/{id}/block'],
        ['post', '/api/establishments/{id}/unblock'],
        ['put', '/api/establishments/{id}/notification-limits'],
        // Owned by the complaints module: an admin lets a paused business's email go again.
        ['delete', '/api/establishments/{id}/email-pause'],
        ['get', '/api/establishments/{id}/members'],
        ['post', '/api/establishments/{id}/members'],
        ['delete', '/api/establishments/{id}/members/{userId}'],
        ['post', '/api/establishments/{id}/logo'],
        ['post', '/api/establishments/{id}/cover'],
        ['get', '/api/establishments/{id}/gallery'],
        ['post', '/api/establishments/{id}/gallery'],
        ['patch', '/api/establishments/{id}/gallery/{imageId}'],
        ['delete', '/api/establishments/{id}/gallery/{imageId}'],
        ['post', '/api/establishments/{id}/follow'],
        ['delete', '/api/establishments/{id}/follow'],
        ['get', '/api/establishments/{id}/qr'],
        ['get', '/api/public/establishments/{id}'],
      ];
      for (const [method, path] of expected) {
        expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
      }
      // The notifications module owns an establishment's media, notifications, posts and scheduled
      // sends; the preferences module the audience a targeted send reaches; the notify module a
      // follower's choice for it; the webhooks and api-keys modules an establishment's integrations;
      // the voice module its pinned post, muted commenters and invitations to operate, the drafts
      // module its drafts and templates, the conversations module its inbox, the automations
      // module its automations.
      const listed = Object.keys(paths).filter(
        (p) =>
          p.startsWith('/api/establishments') &&
          !/\/(media|notifications|posts|scheduled|audience|notify)$/.test(p) &&
          !/\/(webhooks|api-keys)(\/|$)/.test(p) &&
          !/\/(pinned-post|comment-mutes|operator-invitations|drafts|conversations|automations)(\/|$)/.test(
            p,
          ),
      );
      for (const p of listed) {
        expect(
          expected.some(([, path]) => path === p),
          `${p} is covered by this test`,
        ).toBe(true);
      }
    });

    it('never answers 500 to bad input', async () => {
      const e = await createEstablishment({ name: 'Robust Room' });
      const client = await clientOf(e.id, 'robust');
      const tries: [string, () => Promise<LightMyRequestResponse>][] = [
        ['name as number', () => post('/api/establishments', profile({ name: 42 }), admin.token)],
        ['name as object', () => post('/api/establishments', profile({ name: { $ne: '' } }), admin.token)],
        [
          'active as string',
          () => put(`/api/establishments/${e.id}`, profile({ active: 'yes' }), client.token),
        ],
        [
          'website as array',
          () => put(`/api/establishments/${e.id}`, profile({ website: ['x'] }), client.token),
        ],
        ['huge name', () => post('/api/establishments', profile({ name: 'n'.repeat(100_000) }), admin.token)],
        [
          'huge body',
          () => post('/api/establishments', profile({ subheader: 's'.repeat(2_000_000) }), admin.token),
        ],
        ['NUL in name', () => post('/api/establishments', profile({ name: 'Nul\u0000Bar' }), admin.token)],
        [
          'NUL in website',
          () => post('/api/establishments', profile({ website: 'https://a\u0000b.example' }), admin.token),
        ],
        [
          'NUL in email',
          () => post('/api/establishments', profile({ email: 'a\u0000b@x.example' }), admin.token),
        ],
        [
          'NUL in address',
          () => put(`/api/establishments/${e.id}`, profile({ address1: 'Main\u0000 1' }), client.token),
        ],
        [
          'NUL in client name',
          () =>
            post(
              '/api/establishments/client-signup',
              {
                client: { ...clientPerson(uniqueEmail('nul')), firstName: 'A\u0000' },
                establishment: profile(),
              },
              admin.token,
            ),
        ],
        [
          'NUL in caption',
          () =>
            patch(
              `/api/establishments/${e.id}/gallery/00000000-0000-4000-8000-000000000000`,
              { caption: 'a\u0000b' },
              client.token,
            ),
        ],
        ['NUL in q', () => get('/api/establishments?q=a%00b', admin.token)],
        ['NUL in id', () => get('/api/establishments/abc%00def', admin.token)],
        ['NUL in public id', () => get('/api/public/establishments/abc%00def')],
        ['NUL in follow id', () => post('/api/establishments/abc%00def/follow', undefined, client.token)],
        ['NUL in qr id', () => get('/api/establishments/abc%00def/qr')],
        ['bad percent id', () => get('/api/establishments/%E0%A4%A', admin.token)],
        ['long id', () => get(`/api/establishments/${'x'.repeat(300)}`, admin.token)],
        [
          'client.email as number',
          () =>
            post(
              '/api/establishments/client-signup',
              { client: { email: 5 }, establishment: profile() },
              admin.token,
            ),
        ],
        [
          'client as string',
          () => post('/api/establishments/client-signup', { client: 'x', establishment: 'y' }, admin.token),
        ],
        [
          'non-uuid imageId (patch)',
          () => patch(`/api/establishments/${e.id}/gallery/not-a-uuid`, { caption: 'x' }, client.token),
        ],
        ['non-uuid imageId (delete)', () => del(`/api/establishments/${e.id}/gallery/123`, client.token)],
        [
          'caption as number',
          () =>
            patch(
              `/api/establishments/${e.id}/gallery/00000000-0000-4000-8000-000000000000`,
              { caption: 5 },
              client.token,
            ),
        ],
        ['page=abc', () => get('/api/establishments?page=abc', admin.token)],
        ['page=0', () => get('/api/establishments?page=0', admin.token)],
        ['pageSize=1000', () => get('/api/establishments?pageSize=1000', admin.token)],
        ['huge q', () => get(`/api/establishments?q=${'q'.repeat(5000)}`, admin.token)],
        [
          'members kind number',
          () => post(`/api/establishments/${e.id}/members`, { email: client.email, kind: 1 }, admin.token),
        ],
        ['members array body', () => post(`/api/establishments/${e.id}/members`, [1, 2], admin.token)],
        [
          'multipart to PUT',
          async () =>
            t.request({
              method: 'PUT',
              url: `/api/establishments/${e.id}`,
              token: client.token,
              ...(await multipart([{ name: 'name', value: 'x' }])),
            }),
        ],
        [
          'huge caption in multipart',
          async () =>
            upload(`/api/establishments/${e.id}/gallery`, client.token, [
              { name: 'caption', value: 'c'.repeat(5000) },
              pngPart(await png(4, 4)),
            ]),
        ],
        [
          'truncated multipart',
          () =>
            t.request({
              method: 'POST',
              url: `/api/establishments/${e.id}/logo`,
              token: client.token,
              payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
              headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
            }),
        ],
      ];
      for (const method of ['POST', 'PUT'] as const) {
        for (const payload of ['{"name":', '{name: "x"}', 'null', '[]', '"text"', '42', '']) {
          const url = method === 'POST' ? '/api/establishments' : `/api/establishments/${e.id}`;
          tries.push([
            `${method} malformed JSON ${JSON.stringify(payload)}`,
            () =>
              t.request({
                method,
                url,
                token: method === 'POST' ? admin.token : client.token,
                payload,
                headers: { 'content-type': 'application/json' },
              }),
          ]);
        }
      }
      tries.push([
        'malformed JSON to client-signup',
        () =>
          t.request({
            method: 'POST',
            url: '/api/establishments/client-signup',
            token: admin.token,
            payload: '{"client": {',
            headers: { 'content-type': 'application/json' },
          }),
      ]);
      const failures: string[] = [];
      for (const [label, send] of tries) {
        const res = await send();
        try {
          expectClientError(res, label);
        } catch {
          failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);

      // Specific answers where they matter.
      expectFieldError(
        await post('/api/establishments', profile({ name: 42 }), admin.token),
        'name',
        'Name must be text',
      );
      expectFieldError(
        await post('/api/establishments', profile({ name: 'n'.repeat(100_000) }), admin.token),
        'name',
        'Name must be at most 120 characters',
      );
      expectError(
        await post('/api/establishments', profile({ subheader: 's'.repeat(2_000_000) }), admin.token),
        413,
        undefined,
        ErrorCode.PAYLOAD_TOO_LARGE,
      );
      expectFieldError(
        await patch(`/api/establishments/${e.id}/gallery/not-a-uuid`, { caption: 'x' }, client.token),
        'imageId',
        Msg.notFound,
      );
      const malformed = await t.request({
        method: 'PUT',
        url: `/api/establishments/${e.id}`,
        token: client.token,
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expectError(malformed, 400, undefined, ErrorCode.BAD_REQUEST);
      expectFieldError(
        await upload(`/api/establishments/${e.id}/gallery`, client.token, [
          { name: 'caption', value: 'c'.repeat(201) },
          pngPart(await png(4, 4)),
        ]),
        'caption',
        'Caption must be at most 200 characters',
      );
      expectFieldError(
        await post('/api/establishments', profile({ name: 'Nul\u0000Bar' }), admin.token),
        'name',
        'Contains a character that is not allowed',
      );
      expectGone(await get('/api/public/establishments/abc%00def'));
      // None of that changed the establishment or its gallery.
      expect(establishmentOf(await get(`/api/establishments/${e.id}`, admin.token)).name).toBe('Robust Room');
      expect((await get(`/api/establishments/${e.id}/gallery`)).json().items).toEqual([]);
    });
  });
});
