import { describe, expect, it } from 'vitest';
import { A, actor, B } from '../../tests/support/permission-actors';
import {
  type Actor,
  type ApiKeyScope,
  actsOnBehalfOf,
  can,
  KEY_SCOPE_RIGHT,
  mayHold,
  RIGHTS,
  type Right,
} from './permissions';

/*
 * An API key as an actor, written out independently of permissions.ts: a key of
 * establishment A acts on A only, and only within its scopes:
 * - send: apiKey:send, notificationPost:create (the send endpoint), notificationPost:read (its posts);
 * - read:stats: apiKey:readStats, report:read (the dashboard and the funnel);
 * - read:followers: apiKey:readFollowers, followers:export;
 * - nothing else, whatever the `role` or memberships the actor carries; never apiKey:manage;
 * - nothing at all while its establishment is blocked.
 */

const GRANTED: Record<ApiKeyScope, readonly Right[]> = {
  send: ['apiKey:send', 'notificationPost:create', 'notificationPost:read'],
  'read:stats': ['apiKey:readStats', 'report:read'],
  'read:followers': ['apiKey:readFollowers', 'followers:export'],
};

const keyActor = (scopes: ApiKeyScope[], role = 'apiKey'): Actor => ({
  ...actor('creator', role, [{ establishmentId: A, kind: 'client' }]),
  apiKey: { id: 'key-1', name: 'Till', establishmentId: A, scopes },
});

const onA = { establishmentId: A, registeredById: 'creator', ownerId: 'creator' };
const onB = { establishmentId: B, registeredById: 'creator', ownerId: 'creator' };

describe('an API key as an actor', () => {
  const all: ApiKeyScope[] = ['send', 'read:stats', 'read:followers'];

  it.each(all)('with only %s: exactly its rights, on its own establishment', (scope) => {
    const key = keyActor([scope]);
    for (const right of RIGHTS) {
      const want = GRANTED[scope].includes(right);
      expect(can(key, right, onA), `${right} on A`).toBe(want);
      expect(can(key, right, onB), `${right} on B`).toBe(false);
      expect(can(key, right), `${right} without a resource`).toBe(false);
      // The role-level half, decided before the request is read.
      expect(mayHold(key, right), `mayHold ${right}`).toBe(want);
    }
  });

  it('with every scope: the union, and still never managing keys or anything of the role table', () => {
    const key = keyActor(all);
    const granted = new Set(Object.values(GRANTED).flat());
    for (const right of RIGHTS) expect(can(key, right, onA), right).toBe(granted.has(right));
    expect(can(key, 'apiKey:manage', onA)).toBe(false);
    expect(can(key, 'user:guest')).toBe(false);
  });

  it('the role and memberships it carries change nothing, an admin’s role included', () => {
    for (const role of ['admin', 'client', 'representant']) {
      const key = keyActor(['read:stats'], role);
      expect(can(key, 'notificationPost:create', onA), role).toBe(false);
      expect(can(key, 'establishment:edit', onA), role).toBe(false);
      expect(can(key, 'report:read', onA), role).toBe(true);
      expect(can(key, 'report:read', onB), role).toBe(false);
      expect(can(key, 'report:platform'), role).toBe(false);
    }
  });

  it('names the right of each scope', () => {
    expect(KEY_SCOPE_RIGHT).toEqual({
      send: 'apiKey:send',
      'read:stats': 'apiKey:readStats',
      'read:followers': 'apiKey:readFollowers',
    });
    for (const scope of all) expect(GRANTED[scope]).toContain(KEY_SCOPE_RIGHT[scope]);
  });

  it('is the business acting, not staff acting for it (not audited as such)', () => {
    expect(actsOnBehalfOf(keyActor(['send'], 'admin'), { establishmentId: A })).toBe(false);
  });
});

describe('managing keys (apiKey:manage)', () => {
  it('who manages the establishment: its operating client, its registering representative, admins', () => {
    const client = actor('u-client', 'client', [{ establishmentId: A, kind: 'client' }]);
    const rep = actor('u-rep', 'representant');
    const follower = actor('u-customer', 'customer', [{ establishmentId: A, kind: 'customer' }]);
    expect(can(client, 'apiKey:manage', { establishmentId: A })).toBe(true);
    expect(can(client, 'apiKey:manage', { establishmentId: B })).toBe(false);
    expect(can(rep, 'apiKey:manage', { establishmentId: A, registeredById: 'u-rep' })).toBe(true);
    expect(can(rep, 'apiKey:manage', { establishmentId: A, registeredById: 'someone' })).toBe(false);
    expect(can(follower, 'apiKey:manage', { establishmentId: A })).toBe(false);
    expect(can(actor('u-admin', 'admin'), 'apiKey:manage', { establishmentId: B })).toBe(true);
    // A confirmed email first, as for every right about an establishment.
    const unverified = actor('u-client', 'client', [{ establishmentId: A, kind: 'client' }], false);
    expect(can(unverified, 'apiKey:manage', { establishmentId: A })).toBe(false);
  });

  it('a blocked business: its key does nothing; its managers create no key nor webhook (admins may)', () => {
    const blockedKey: Actor = {
      ...keyActor(['send', 'read:stats', 'read:followers']),
      apiKey: { id: 'key-1', name: 'Till', establishmentId: A, scopes: ['send'], establishmentBlocked: true },
    };
    for (const right of RIGHTS) {
      expect(can(blockedKey, right, onA), right).toBe(false);
      expect(mayHold(blockedKey, right), `mayHold ${right}`).toBe(false);
    }
    expect(can(keyActor(['send']), 'notificationPost:read', { ...onA, blocked: true })).toBe(false);

    const client = actor('u-client', 'client', [{ establishmentId: A, kind: 'client' }]);
    const blockedA = { establishmentId: A, blocked: true };
    for (const right of ['apiKey:create', 'webhook:create'] as const) {
      expect(can(client, right, { establishmentId: A })).toBe(true);
      expect(can(client, right, blockedA)).toBe(false);
      expect(can(actor('u-admin', 'admin'), right, blockedA)).toBe(true);
    }
    // What it has stays listed and revocable.
    expect(can(client, 'apiKey:manage', blockedA)).toBe(true);
    expect(can(client, 'webhook:manage', blockedA)).toBe(true);
  });

  it('a person never holds a key’s scopes (admins aside, who hold every right)', () => {
    const client = actor('u-client', 'client', [{ establishmentId: A, kind: 'client' }]);
    for (const right of Object.values(KEY_SCOPE_RIGHT)) {
      expect(can(client, right, { establishmentId: A })).toBe(false);
      expect(mayHold(client, right)).toBe(false);
    }
  });
});
