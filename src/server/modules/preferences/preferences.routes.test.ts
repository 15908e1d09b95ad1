/**
 * Preferences and preference groups over HTTP: anyone lists them, admins create, edit and delete
 * them with the spec's messages, and every other role is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Preference, PreferenceGroup } from '../../../shared/schemas/preference.schema';

let a: ReturnType<typeof actors>;
let admin: Session;
let customer: Session;
let client: Session;
let representant: Session;
const MISSING = '00000000-0000-4000-8000-000000000000';

const fixture = setupRouteFixture({ env: { WORKERS: 'false' } });
beforeAll(async () => {
  ({ a, admin } = fixture);
  customer = await a.userWithRole('customer');
  representant = await a.userWithRole('representant');
  const shop = await a.establishment(admin, 'Preference Pub');
  client = await a.clientOf(admin, shop.id);
});

const call = (...args: Parameters<ReturnType<typeof actors>['call']>) => a.call(...args);

async function group(name: string, translations: Record<string, string> = {}): Promise<PreferenceGroup> {
  const res = await call('POST', '/api/preference-groups', { name, translations }, admin.token);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(Msg.preferenceGroupCreated);
  return res.json<{ group: PreferenceGroup }>().group;
}

async function preference(groupId: string, name: string): Promise<Preference> {
  const res = await call('POST', '/api/preferences', { groupId, name }, admin.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ preference: Preference }>().preference;
}

describe('preference groups', () => {
  it('an admin creates, renames and deletes a group; its translations stay unless sent', async () => {
    const created = await group('  Food  ', { sk: 'Jedlo', de: '' });
    expect(created).toMatchObject({ name: 'Food', translations: { sk: 'Jedlo' }, preferenceCount: 0 });
    expect(created.translations).not.toHaveProperty('de');

    const renamed = await call(
      'PATCH',
      `/api/preference-groups/${created.id}`,
      { name: 'Meals' },
      admin.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: Msg.preferenceGroupUpdated,
      group: { id: created.id, name: 'Meals', translations: { sk: 'Jedlo' } },
    });

    const listed = await call('GET', '/api/preference-groups');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: PreferenceGroup[] }>().items.map((g) => g.name)).toContain('Meals');

    const deleted = await call('DELETE', `/api/preference-groups/${created.id}`, undefined, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(Msg.preferenceGroupDeleted);
    expectError(
      await call('DELETE', `/api/preference-groups/${created.id}`, undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('refuses to delete a group that still holds preferences (409)', async () => {
    const drinks = await group('Drinks');
    await preference(drinks.id, 'Craft beer');
    const res = await call('DELETE', `/api/preference-groups/${drinks.id}`, undefined, admin.token);
    const body = expectError(res, 409, ErrorCode.CONFLICT);
    expect(body.error).toBe(Msg.preferenceGroupNotEmpty);
  });

  it('says "group name is required", and 404 for an unknown or malformed id', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const res = await call('POST', '/api/preference-groups', payload, admin.token);
      expectError(res, 400, ErrorCode.VALIDATION, { name: 'group name is required' });
    }
    expectError(
      await call('PATCH', `/api/preference-groups/${MISSING}`, { name: 'X' }, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    expectError(
      await call('PATCH', '/api/preference-groups/not-an-id', { name: 'X' }, admin.token),
      400,
      ErrorCode.VALIDATION,
      { id: Msg.notFound },
    );
    expectError(
      await call('PATCH', `/api/preference-groups/${MISSING}`, { name: '' }, admin.token),
      400,
      ErrorCode.VALIDATION,
      { name: 'group name is required' },
    );
  });
});

describe('preferences', () => {
  it('an admin creates, edits, moves and deletes a preference with the spec messages', async () => {
    const food = await group('Diet');
    const other = await group('Offers');
    const created = await call(
      'POST',
      '/api/preferences',
      { groupId: food.id, name: 'Vegan', translations: { sk: 'Vegánske', hu: 'Vegán' } },
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const vegan = created.json<{ preference: Preference; message: string }>();
    expect(vegan).toMatchObject({
      message: Msg.preferenceCreated,
      preference: { name: 'Vegan', groupId: food.id, groupName: 'Diet', userCount: 0 },
    });

    const updated = await call(
      'PATCH',
      `/api/preferences/${vegan.preference.id}`,
      { name: 'Vegan food', groupId: other.id },
      admin.token,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: Msg.preferenceUpdated,
      preference: { name: 'Vegan food', groupName: 'Offers', translations: { sk: 'Vegánske', hu: 'Vegán' } },
    });

    // Each group counts what it holds now.
    const groups = (await call('GET', '/api/preference-groups')).json<{ items: PreferenceGroup[] }>().items;
    expect(groups.find((g) => g.id === other.id)?.preferenceCount).toBe(1);
    expect(groups.find((g) => g.id === food.id)?.preferenceCount).toBe(0);

    // Guests see the list: the register page offers it.
    const listed = await call('GET', '/api/preferences');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: Preference[] }>().items).toContainEqual(
      expect.objectContaining({ id: vegan.preference.id, name: 'Vegan food' }),
    );

    const deleted = await call('DELETE', `/api/preferences/${vegan.preference.id}`, undefined, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(Msg.preferenceDeleted);
    expectError(
      await call('DELETE', `/api/preferences/${vegan.preference.id}`, undefined, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // The group is empty again and may go.
    const emptied = await call('DELETE', `/api/preference-groups/${other.id}`, undefined, admin.token);
    expect(emptied.statusCode, emptied.body).toBe(200);
  });

  it('says "preference name is required", "group is required", and names an unknown group', async () => {
    const g = await group('Events');
    expectError(
      await call('POST', '/api/preferences', { groupId: g.id }, admin.token),
      400,
      ErrorCode.VALIDATION,
      {
        name: 'preference name is required',
      },
    );
    for (const groupId of [undefined, null, '']) {
      const res = await call('POST', '/api/preferences', { name: 'Quiz night', groupId }, admin.token);
      expectError(res, 400, ErrorCode.VALIDATION, { groupId: 'group is required' });
    }
    expectError(
      await call('POST', '/api/preferences', { name: 'Quiz night', groupId: MISSING }, admin.token),
      400,
      ErrorCode.NOT_FOUND,
      { groupId: Msg.preferenceGroupNotFound },
    );
    const quiz = await preference(g.id, 'Quiz night');
    expectError(
      await call('PATCH', `/api/preferences/${quiz.id}`, { groupId: MISSING }, admin.token),
      400,
      ErrorCode.NOT_FOUND,
      { groupId: Msg.preferenceGroupNotFound },
    );
    expectError(
      await call('PATCH', `/api/preferences/${quiz.id}`, { name: ' ' }, admin.token),
      400,
      ErrorCode.VALIDATION,
      { name: 'preference name is required' },
    );
    expectError(
      await call('PATCH', `/api/preferences/${MISSING}`, { name: 'X' }, admin.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('who may manage them', () => {
  const routes = (): [method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] => [
    ['POST', '/api/preferences', { name: 'X', groupId: MISSING }],
    ['PATCH', `/api/preferences/${MISSING}`, { name: 'X' }],
    ['DELETE', `/api/preferences/${MISSING}`],
    ['POST', '/api/preference-groups', { name: 'X' }],
    ['PATCH', `/api/preference-groups/${MISSING}`, { name: 'X' }],
    ['DELETE', `/api/preference-groups/${MISSING}`],
  ];

  it('answers 401 to guests and 403 to customers, clients and representatives, before reading the body', async () => {
    for (const [method, url, body] of routes()) {
      expectError(await call(method, url, body), 401, ErrorCode.UNAUTHORIZED);
      for (const who of [customer, client, representant]) {
        expectError(await call(method, url, body, who.token), 403, ErrorCode.FORBIDDEN);
        // Invalid input changes nothing: the right is checked first.
        expectError(await call(method, url, { name: 42 }, who.token), 403, ErrorCode.FORBIDDEN);
      }
    }
  });

  it('lets everyone list them, signed in or not', async () => {
    for (const token of [undefined, customer.token, client.token]) {
      expect((await call('GET', '/api/preferences', undefined, token)).statusCode).toBe(200);
      expect((await call('GET', '/api/preference-groups', undefined, token)).statusCode).toBe(200);
    }
  });
});
