/**
 * Managing an establishment's API keys over HTTP: who may list, create and revoke them,
 * what the creation shows (the key, once) and stores (its SHA-256 only), and the audit log when
 * staff act for the business. The calls made with keys are in api-keys-calls.routes.test.ts.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { establishmentFields, uniqueEmail } from '../../../../tests/support/api-actors';
import { createKey, keysUrl, listKeys, withKey } from '../../../../tests/support/api-keys-api';
import { expectError } from '../../../../tests/support/expect-error';
import { a, admin, call, setupManagementApp, t } from '../../../../tests/support/management-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { ApiKey, CreatedApiKey } from '../../../shared/schemas/api-key.schema';
import type { AuditLog } from '../../../shared/schemas/user-management.schema';
import { apiKeys } from '../../db/schema';

setupManagementApp();

async function shop(name = 'Key Bakery') {
  const establishment = await a.establishment(admin, name);
  const client = await a.clientOf(admin, establishment.id);
  return { establishment, client };
}

const newestAudit = async (limit = 5) => {
  const res = await call('GET', `/api/management/audit-log?limit=${limit}`, undefined, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLog>().items;
};

describe('creating a key', () => {
  it('shows the key once, stores only its SHA-256, and lists it without the key', async () => {
    const { establishment, client } = await shop();
    const created = await createKey(
      t,
      client,
      establishment.id,
      ['read:stats', 'send'],
      '  Till by the door ',
    );
    expect(created.message).toBe(Msg.apiKeyCreated);
    expect(created.key).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({
      name: 'Till by the door',
      // In the one order of API_KEY_SCOPES, whatever order they were chosen in.
      scopes: ['send', 'read:stats'],
      hint: `bk_…${created.key.slice(-4)}`,
      createdBy: { id: client.id, name: 'Test client' },
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    // The key is nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(created.key.slice(3));

    const listed = await listKeys(t, client, establishment.id);
    expect(listed).toEqual([created.apiKey]);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(3));
  });

  it('lists the newest first, revoked ones too', async () => {
    const { establishment, client } = await shop();
    const first = await createKey(t, client, establishment.id, ['send'], 'Till');
    const second = await createKey(t, client, establishment.id, ['read:stats'], 'Web shop');
    const res = await call(
      'POST',
      `${keysUrl(establishment.id)}/${first.apiKey.id}/revoke`,
      undefined,
      client.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ apiKey: ApiKey; message: string }>()).toMatchObject({
      message: Msg.apiKeyRevoked,
      apiKey: { id: first.apiKey.id, revokedAt: expect.any(String) },
    });
    const listed = await listKeys(t, client, establishment.id);
    expect(listed.map((key) => [key.name, key.revokedAt !== null])).toEqual([
      ['Web shop', false],
      ['Till', true],
    ]);
    expect(listed[0]!.id).toBe(second.apiKey.id);
  });

  it('refuses a key without a name or a scope, and an unknown scope (400 on the field)', async () => {
    const { establishment, client } = await shop();
    const post = (payload: unknown) => call('POST', keysUrl(establishment.id), payload, client.token);
    expectError(await post({ name: ' ', scopes: ['send'] }), 400, ErrorCode.VALIDATION, {
      name: 'name is required',
    });
    expectError(await post({ name: 'Till', scopes: [] }), 400, ErrorCode.VALIDATION, {
      scopes: Msg.chooseScope,
    });
    const unknown = expectError(await post({ name: 'Till', scopes: ['admin'] }), 400, ErrorCode.VALIDATION);
    expect(Object.keys(unknown.fields ?? {}).some((field) => field.startsWith('scopes'))).toBe(true);
    expectError(await post({ name: 'x'.repeat(81), scopes: ['send'] }), 400, ErrorCode.VALIDATION, {
      name: 'Name must be at most 80 characters',
    });
    expect(await listKeys(t, client, establishment.id)).toEqual([]);
  });

  it('allows 20 active keys; a revoked one makes room again (409 meanwhile)', async () => {
    const { establishment, client } = await shop();
    const made: CreatedApiKey[] = [];
    for (let i = 0; i < 20; i++)
      made.push(await createKey(t, client, establishment.id, ['send'], `Till ${i}`));
    const over = await call(
      'POST',
      keysUrl(establishment.id),
      { name: 'One more', scopes: ['send'] },
      client.token,
    );
    expectError(over, 409, ErrorCode.CONFLICT);
    expect(over.json<{ error: string }>().error).toBe(Msg.apiKeyLimit);
    await call('POST', `${keysUrl(establishment.id)}/${made[0]!.apiKey.id}/revoke`, undefined, client.token);
    await createKey(t, client, establishment.id, ['send'], 'One more');
  });
});

describe('who may manage keys', () => {
  it('guests get 401; followers, other clients and representatives of other businesses 403', async () => {
    const { establishment, client } = await shop();
    const { apiKey } = await createKey(t, client, establishment.id);
    const follower = await a.followerOf(establishment.id);
    const { client: otherClient } = await shop('Other Bakery');
    const otherRep = await a.userWithRole('representant', 'other-rep');
    const calls = [
      ['GET', keysUrl(establishment.id), undefined],
      ['POST', keysUrl(establishment.id), { name: 'Mine now', scopes: ['send'] }],
      ['POST', `${keysUrl(establishment.id)}/${apiKey.id}/revoke`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expectError(await call(method, url, payload), 401, ErrorCode.UNAUTHORIZED);
      for (const user of [follower, otherClient, otherRep]) {
        expectError(await call(method, url, payload, user.token), 403, ErrorCode.FORBIDDEN);
      }
    }
    expect((await listKeys(t, client, establishment.id)).map((key) => key.revokedAt)).toEqual([null]);
  });

  it('404 for an unknown establishment or key; a key of another establishment is unknown here', async () => {
    const { establishment, client } = await shop();
    const other = await shop('Neighbour Bakery');
    const { apiKey } = await createKey(t, other.client, other.establishment.id);
    const unknownShop = '00000000-0000-4000-8000-000000000000';
    expectError(await call('GET', keysUrl(unknownShop), undefined, admin.token), 404, ErrorCode.NOT_FOUND);
    expectError(
      await call('POST', `${keysUrl(establishment.id)}/${apiKey.id}/revoke`, undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect((await listKeys(t, other.client, other.establishment.id))[0]!.revokedAt).toBeNull();
    expectError(await call('GET', keysUrl('not-a-uuid'), undefined, client.token), 400, ErrorCode.VALIDATION);
  });

  it('a key cannot list, create or revoke keys, not even of its own establishment', async () => {
    const { establishment, client } = await shop();
    const { key, apiKey } = await createKey(t, client, establishment.id);
    const url = keysUrl(establishment.id);
    expectError(await withKey(t, key, { method: 'GET', url }), 403, ErrorCode.FORBIDDEN);
    expectError(
      await withKey(t, key, { method: 'POST', url, payload: { name: 'Child', scopes: ['send'] } }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await withKey(t, key, { method: 'POST', url: `${url}/${apiKey.id}/revoke` }),
      403,
      ErrorCode.FORBIDDEN,
    );
    expect(await listKeys(t, client, establishment.id)).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('records an admin creating and a representative revoking a key for a business they do not operate', async () => {
    const rep = await a.userWithRole('representant', 'rep');
    const name = `Rep Bakery ${uniqueEmail('n')}`;
    const signup = await call(
      'POST',
      '/api/establishments/client-signup',
      {
        client: {
          firstName: 'Clara',
          lastName: 'Client',
          email: uniqueEmail('signup'),
          phone: '+421 905 111 222',
        },
        establishment: establishmentFields(name),
      },
      rep.token,
    );
    expect(signup.statusCode, signup.body).toBe(201);
    const establishmentId = signup.json<{ establishment: { id: string } }>().establishment.id;

    const created = await createKey(t, admin, establishmentId, ['read:stats'], 'Accountant');
    const [createdEntry] = await newestAudit(1);
    expect(createdEntry).toMatchObject({
      actorId: admin.id,
      action: 'apiKey.create',
      targetEstablishmentId: establishmentId,
      targetLabel: name,
      detail: { apiKeyId: created.apiKey.id, keyName: 'Accountant', scopes: ['read:stats'] },
    });

    const res = await call(
      'POST',
      `${keysUrl(establishmentId)}/${created.apiKey.id}/revoke`,
      undefined,
      rep.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [revokedEntry] = await newestAudit(1);
    expect(revokedEntry).toMatchObject({
      actorId: rep.id,
      action: 'apiKey.revoke',
      targetEstablishmentId: establishmentId,
      targetLabel: name,
      detail: { apiKeyId: created.apiKey.id, keyName: 'Accountant' },
    });
    // Revoking it again changes nothing and records nothing.
    const again = await call(
      'POST',
      `${keysUrl(establishmentId)}/${created.apiKey.id}/revoke`,
      undefined,
      rep.token,
    );
    expect(again.json<{ apiKey: ApiKey }>().apiKey.revokedAt).toBe(
      res.json<{ apiKey: ApiKey }>().apiKey.revokedAt,
    );
    expect((await newestAudit(1))[0]!.id).toBe(revokedEntry!.id);
  });

  it('records nothing when its operating client creates and revokes a key', async () => {
    const { establishment, client } = await shop();
    const [before] = await newestAudit(1);
    const { apiKey } = await createKey(t, client, establishment.id);
    await call('POST', `${keysUrl(establishment.id)}/${apiKey.id}/revoke`, undefined, client.token);
    expect((await newestAudit(1))[0]?.id).toBe(before?.id);
  });
});

describe('/api/docs', () => {
  it('shows the key scheme, and which operations take a key with which scope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<
        string,
        Record<string, { operationId: string; security?: object[]; 'x-api-key-scope'?: string }>
      >;
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withKeys = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((operation) => operation.security?.some((requirement) => 'apiKey' in requirement))
      .map((operation) => [operation.operationId, operation['x-api-key-scope']])
      .sort();
    expect(withKeys).toEqual([
      ['exportFollowers', 'read:followers'],
      ['getDashboard', 'read:stats'],
      ['getFunnel', 'read:stats'],
      ['getPushHealth', 'read:stats'],
      ['listEstablishmentPosts', 'send'],
      ['sendNotification', 'send'],
    ]);
  });
});
