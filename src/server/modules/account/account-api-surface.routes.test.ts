/**
 * The accounts API over HTTP, end to end (API surface): the real app (routing, validation, auth, jobs,
 * mail) on a throw-away database, with a real SMTP sink. Assertions are what a client sees: status
 * codes, `{ error, code, fields? }` bodies with the spec's messages, and the emails that arrive.
 * Shared setup and helpers: tests/support/account-api.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ANDROID_APP_URL,
  type ErrorBody,
  expectError,
  get,
  setupAccountApp,
  t,
} from '../../../../tests/support/account-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';

describe('accounts API', () => {
  setupAccountApp({ ANDROID_APP_URL });

  describe('API surface', () => {
    it('/api/docs/json lists every account call', async () => {
      const res = await get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      const expected: [string, string][] = [
        ['post', '/api/account/login'],
        ['get', '/api/account/me'],
        ['post', '/api/account/register'],
        ['post', '/api/account/verify'],
        ['post', '/api/account/verify/resend'],
        ['post', '/api/account/profile'],
        ['post', '/api/account/password'],
        ['post', '/api/account/forgot-password'],
        ['post', '/api/account/reset-password'],
        ['post', '/api/account/logout'],
        ['post', '/api/account/logout-all'],
        ['post', '/api/account/avatar'],
        ['delete', '/api/account'],
        ['get', '/api/auth/oidc/start'],
        ['get', '/api/auth/oidc/callback'],
        ['post', '/api/auth/oidc/session'],
        ['get', '/api/management/sign-in-provider'],
        ['put', '/api/management/sign-in-provider'],
        ['get', '/api/management/sign-in-provider/identities'],
        ['patch', '/api/management/sign-in-provider/identities/{id}'],
        ['delete', '/api/management/sign-in-provider/identities/{id}'],
      ];
      for (const [method, path] of expected) {
        expect(paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
      }
    });

    it('answers malformed JSON with a 400 JSON error, never 500', async () => {
      const send = (payload: string, contentType = 'application/json') =>
        t.request({
          method: 'POST',
          url: '/api/account/login',
          payload,
          headers: { 'content-type': contentType },
        });
      for (const payload of ['{"email":', '{email: "a"}', 'null', '[]', '"text"', '42']) {
        const res = await send(payload);
        expect(res.statusCode, `${payload} -> ${res.body}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        const body = res.json<ErrorBody>();
        expect(typeof body.error).toBe('string');
        expect(typeof body.code).toBe('string');
        expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
      }
      const empty = await send('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().code).toBe(ErrorCode.BAD_REQUEST);

      const register = await t.request({
        method: 'POST',
        url: '/api/account/register',
        payload: '{"firstName": "Ada",',
        headers: { 'content-type': 'application/json' },
      });
      expect(register.statusCode).toBe(400);
      expect(register.json<ErrorBody>().code).toBe(ErrorCode.BAD_REQUEST);

      // Plain text is parsed as a string, which is not a login form.
      const plain = await send('email=a@example.test', 'text/plain');
      expect(plain.statusCode).toBe(400);
      expect(plain.json<ErrorBody>().code).toBe(ErrorCode.VALIDATION);
      const xml = await send('<login><email>a@example.test</email></login>', 'application/xml');
      expect(xml.statusCode).toBe(415);
      expect(xml.json<ErrorBody>().code).toBe(ErrorCode.UNSUPPORTED_MEDIA);
    });

    it('answers an unknown /api path with a 404 JSON error', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['POST', '/api/account/nope'],
        ['GET', '/api/account/login'],
      ] as const) {
        const res = await t.request({ method, url });
        expectError(res, 404, Msg.notFound, ErrorCode.NOT_FOUND);
      }
    });
  });
});
