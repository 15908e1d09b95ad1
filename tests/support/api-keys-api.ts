/**
 * Shared calls of the API key suites (src/server/modules/api-keys/*.routes.test.ts): creating a key
 * as an operator does, and calling the API with it as a till or a web shop would.
 */
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { ApiKeyScope } from '../../src/shared/permissions';
import type { ApiKey, CreatedApiKey } from '../../src/shared/schemas/api-key.schema';
import type { Session } from './api-actors';
import type { TestApp } from './test-app';

export const keysUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/api-keys`;

/** Create a key as `user` (an operator, the registering representative, an admin): the answer shows it once. */
export async function createKey(
  t: TestApp,
  user: Session,
  establishmentId: string,
  scopes: ApiKeyScope[] = ['send', 'read:stats', 'read:followers'],
  name = 'Till',
): Promise<CreatedApiKey> {
  const res = await t.request({
    method: 'POST',
    url: keysUrl(establishmentId),
    token: user.token,
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

/** The establishment's keys, as its operators list them. */
export async function listKeys(t: TestApp, user: Session, establishmentId: string): Promise<ApiKey[]> {
  const res = await t.request({ method: 'GET', url: keysUrl(establishmentId), token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ApiKey[] }>().items;
}

/** A call made with an API key, as an integration makes it: `Authorization: Bearer bk_…`. */
export const withKey = (t: TestApp, key: string, options: InjectOptions) =>
  t.request({ ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } });
