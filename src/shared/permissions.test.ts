import { describe, expect, it } from 'vitest';
import {
  type Actor,
  becomesClientByOperating,
  can,
  establishmentScope,
  type Resource,
  RIGHTS,
  type Right,
} from './permissions';

/*
 * The expected answers are written out here, independently of permissions.ts, from the spec's
 * section 6 table and DESIGN.md's readings of its dynamic rules:
 * - static rights: guest < customer (+ hasEstablishment) < client; a representant has guest,
 *   customer, client and representant rights but not hasEstablishment; admin has everything;
 * - notificationPost:create: a client who operates that establishment (membership kind 'client'),
 *   a representant whose id equals the establishment's registeredById;
 * - post/comment edit and delete: the owner (ownerId === actor.id);
 * - comment:create and reaction: a member (follower or operator) of the establishment;
 * - clientSettings: a client operating the establishment;
 * - customerEstablishment: a customer or client member of the establishment;
 * - notificationPost:read (ours): who may create posts for it, and its members;
 * - feed:read and push:subscribe (ours): every signed-in role;
 * - establishment:manage and establishment:readPrivate (ours): a client operating it, the
 *   representant who registered it (the operator view: tax id, VAT, business id, client count);
 * - establishment:edit (ours): a client operating it, while it is not blocked; admins even then;
 * - establishment:read (ours): who manages it, and its members (followers and operators);
 * - a role outside the table: no, for everything;
 * - email not verified (the "unverified" columns): the role's table rights (user:*,
 *   hasEstablishment) stay; every right about an establishment's content or audience is no;
 *   an admin keeps everything.
 */

const Y = 'yes' as const;
const N = 'no' as const;
/** Yes only on a resource that matches the actor; no on another one and with no resource. */
const M = 'match' as const;
type Rule = typeof Y | typeof N | typeof M;

const COLUMNS = [
  'guest',
  'customer',
  'client',
  'representant',
  'admin',
  'outside',
  'customer?',
  'client?',
  'representant?',
  'admin?',
] as const;
type Column = (typeof COLUMNS)[number];

// biome-ignore format: the table is aligned by hand, one row per right
const TABLE: ReadonlyArray<readonly [Right, Rule, Rule, Rule, Rule, Rule, Rule, Rule, Rule, Rule, Rule]> = [
  //                                                                 email not verified:
  //  right                      guest customer client rep admin out  customer? client? rep? admin?
  ['user:guest',                 Y,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  ['user:customer',              N,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  ['hasEstablishment',           N,    Y,       Y,     N,  Y,    N,   Y,        Y,      N,   Y],
  ['user:client',                N,    N,       Y,     Y,  Y,    N,   N,        Y,      Y,   Y],
  ['user:representant',          N,    N,       N,     Y,  Y,    N,   N,        N,      Y,   Y],
  ['user:admin',                 N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['clientSettings',             N,    N,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['notificationPost:create',    N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['notificationPost:edit',      N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['notificationPost:delete',    N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  // The representant registers establishments but has no membership (neither follows nor operates),
  // so comment:create, reaction and customerEstablishment are no for it.
  ['comment:create',             N,    M,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['comment:edit',               N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['comment:delete',             N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['reaction',                   N,    M,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['customerEstablishment',      N,    M,       M,     N,  Y,    N,   N,        N,      N,   Y],
  // The representant reads the posts of what it registered (it may send for it).
  ['notificationPost:read',      N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['feed:read',                  N,    Y,       Y,     Y,  Y,    N,   N,        N,      N,   Y],
  ['push:subscribe',             N,    Y,       Y,     Y,  Y,    N,   N,        N,      N,   Y],
  // Ours (issue 11): an establishment's page. Resources here are not blocked; see the readable cases.
  ['establishment:manage',       N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['establishment:edit',         N,    N,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['establishment:readPrivate',  N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['establishment:read',         N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
];

const A = 'est-a';
const B = 'est-b';
const SOMEONE_ELSE = 'user-someone-else';

const actor = (
  id: string,
  role: string,
  establishments: Actor['establishments'] = [],
  emailVerified = true,
): Actor => ({ id, role, emailVerified, establishments });

/** Each column's actor. Actors outside the table get a membership and ownership, and still no. */
const ACTORS: Array<{ column: Column; name: string; actor: Actor | null }> = [
  { column: 'guest', name: 'guest (null)', actor: null },
  {
    column: 'customer',
    name: 'customer following A',
    actor: actor('u-customer', 'customer', [{ establishmentId: A, kind: 'customer' }]),
  },
  {
    column: 'client',
    name: 'client operating A',
    actor: actor('u-client', 'client', [{ establishmentId: A, kind: 'client' }]),
  },
  { column: 'representant', name: 'representant who registered A', actor: actor('u-rep', 'representant') },
  { column: 'admin', name: 'admin', actor: actor('u-admin', 'admin') },
  {
    column: 'outside',
    name: "role 'superuser'",
    actor: actor('u-super', 'superuser', [{ establishmentId: A, kind: 'client' }]),
  },
  {
    column: 'outside',
    name: "role ''",
    actor: actor('u-empty', '', [{ establishmentId: A, kind: 'client' }]),
  },
  {
    column: 'outside',
    name: "role 'Admin' (case matters)",
    actor: actor('u-caps', 'Admin', [{ establishmentId: A, kind: 'client' }]),
  },
  {
    column: 'outside',
    name: "role 'constructor' (an Object prototype key)",
    actor: actor('u-proto', 'constructor', [{ establishmentId: A, kind: 'client' }]),
  },
  {
    column: 'outside',
    name: "role 'guest' (a guest is null, not a role string)",
    actor: actor('u-guest', 'guest'),
  },
  {
    column: 'customer?',
    name: 'unverified customer following A',
    actor: actor('u-customer', 'customer', [{ establishmentId: A, kind: 'customer' }], false),
  },
  {
    column: 'client?',
    name: 'unverified client operating A',
    actor: actor('u-client', 'client', [{ establishmentId: A, kind: 'client' }], false),
  },
  {
    column: 'representant?',
    name: 'unverified representant who registered A',
    actor: actor('u-rep', 'representant', [], false),
  },
  { column: 'admin?', name: 'unverified admin', actor: actor('u-admin', 'admin', [], false) },
  {
    column: 'outside',
    name: "unverified role 'superuser'",
    actor: actor('u-super', 'superuser', [{ establishmentId: A, kind: 'client' }], false),
  },
];

type ResourceKind = 'matching' | 'other' | 'none';

/** A resource about the actor's establishment A, registered by and owned by the actor. */
const matching = (a: Actor | null): Resource => ({
  establishmentId: A,
  registeredById: a?.id ?? null,
  ownerId: a?.id ?? SOMEONE_ELSE,
});
/** A resource about establishment B, registered by and owned by someone else. */
const other: Resource = { establishmentId: B, registeredById: SOMEONE_ELSE, ownerId: SOMEONE_ELSE };

const expected = (rule: Rule, resource: ResourceKind) =>
  rule === Y || (rule === M && resource === 'matching');

describe('the expectation table', () => {
  it('lists every right exactly once, in RIGHTS order', () => {
    expect(TABLE.map(([right]) => right)).toEqual([...RIGHTS]);
  });
});

describe.each(ACTORS.map((entry) => [entry.name, entry] as const))(
  'can() for %s',
  (_name, { column, actor: who }) => {
    const rows = TABLE.flatMap((row) => {
      const rule = row[COLUMNS.indexOf(column) + 1] as Rule;
      return (['matching', 'other', 'none'] as const).map(
        (resource) => [row[0], resource, expected(rule, resource) ? 'yes' : 'no'] as const,
      );
    });

    it.each(rows)('%s on %s resource -> %s', (right, resource, want) => {
      const answer =
        resource === 'none'
          ? can(who, right)
          : can(who, right, resource === 'matching' ? matching(who) : other);
      expect(answer).toBe(want === 'yes');
    });
  },
);

describe('can() readable cases', () => {
  const clientOfA = actor('c1', 'client', [{ establishmentId: A, kind: 'client' }]);
  const customerOfA = actor('f1', 'customer', [{ establishmentId: A, kind: 'customer' }]);
  const rep = actor('r1', 'representant');
  const admin = actor('a1', 'admin');

  it('a client of establishment A cannot create a post for establishment B', () => {
    expect(can(clientOfA, 'notificationPost:create', { establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'notificationPost:create', { establishmentId: B })).toBe(false);
  });

  it('a customer following A cannot create a post for A, but may comment and react there', () => {
    expect(can(customerOfA, 'notificationPost:create', { establishmentId: A })).toBe(false);
    expect(can(customerOfA, 'comment:create', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'reaction', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'comment:create', { establishmentId: B })).toBe(false);
  });

  it('a client who only follows A (membership kind customer) cannot post for A or change its settings', () => {
    const follower = actor('c2', 'client', [{ establishmentId: A, kind: 'customer' }]);
    expect(can(follower, 'notificationPost:create', { establishmentId: A })).toBe(false);
    expect(can(follower, 'clientSettings', { establishmentId: A })).toBe(false);
    expect(can(follower, 'comment:create', { establishmentId: A })).toBe(true);
    expect(can(follower, 'customerEstablishment', { establishmentId: A })).toBe(true);
  });

  it('a client operating several establishments acts on each of them and on no other', () => {
    const multi = actor('c3', 'client', [
      { establishmentId: A, kind: 'client' },
      { establishmentId: B, kind: 'client' },
    ]);
    expect(can(multi, 'notificationPost:create', { establishmentId: A })).toBe(true);
    expect(can(multi, 'clientSettings', { establishmentId: B })).toBe(true);
    expect(can(multi, 'clientSettings', { establishmentId: 'est-c' })).toBe(false);
  });

  it('a customer cannot change client settings, even of the establishment they follow', () => {
    expect(can(customerOfA, 'clientSettings', { establishmentId: A })).toBe(false);
  });

  it('a representative creates posts only for establishments they registered', () => {
    expect(can(rep, 'notificationPost:create', { establishmentId: A, registeredById: 'r1' })).toBe(true);
    expect(can(rep, 'notificationPost:create', { establishmentId: A, registeredById: 'r2' })).toBe(false);
    expect(can(rep, 'notificationPost:create', { establishmentId: A, registeredById: null })).toBe(false);
    expect(can(rep, 'notificationPost:create', { establishmentId: A })).toBe(false);
  });

  it('a representative has client rights but not hasEstablishment, nor client settings', () => {
    expect(can(rep, 'user:client')).toBe(true);
    expect(can(rep, 'hasEstablishment')).toBe(false);
    expect(can(rep, 'clientSettings', { establishmentId: A, registeredById: 'r1' })).toBe(false);
  });

  it('only the owner edits or deletes a post or comment; the admin always may', () => {
    expect(can(customerOfA, 'notificationPost:edit', { ownerId: 'f1' })).toBe(true);
    expect(can(customerOfA, 'comment:delete', { ownerId: 'f1', establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'notificationPost:delete', { ownerId: 'f1', establishmentId: A })).toBe(false);
    expect(can(admin, 'comment:edit', { ownerId: 'f1' })).toBe(true);
  });

  it('the admin has every right, with or without a resource', () => {
    for (const right of RIGHTS) {
      expect(can(admin, right)).toBe(true);
      expect(can(admin, right, other)).toBe(true);
    }
  });

  it('a guest has user:guest and nothing else', () => {
    expect(RIGHTS.filter((right) => can(null, right, { establishmentId: A }))).toEqual(['user:guest']);
  });

  it('an unverified customer keeps the role rights but cannot read, comment or subscribe until verified', () => {
    const waiting = actor('w1', 'customer', [{ establishmentId: A, kind: 'customer' }], false);
    expect(can(waiting, 'user:customer')).toBe(true);
    expect(can(waiting, 'notificationPost:read', { establishmentId: A })).toBe(false);
    expect(can(waiting, 'feed:read')).toBe(false);
    expect(can(waiting, 'push:subscribe')).toBe(false);
    expect(can(waiting, 'comment:create', { establishmentId: A })).toBe(false);
    const verified = { ...waiting, emailVerified: true };
    expect(can(verified, 'notificationPost:read', { establishmentId: A })).toBe(true);
    expect(can(verified, 'feed:read')).toBe(true);
    expect(can(verified, 'push:subscribe')).toBe(true);
  });

  it('an unverified client cannot send for or change the establishment it operates', () => {
    const waiting = actor('w2', 'client', [{ establishmentId: A, kind: 'client' }], false);
    expect(can(waiting, 'user:client')).toBe(true);
    expect(can(waiting, 'notificationPost:create', { establishmentId: A })).toBe(false);
    expect(can(waiting, 'clientSettings', { establishmentId: A })).toBe(false);
    expect(can({ ...waiting, emailVerified: true }, 'notificationPost:create', { establishmentId: A })).toBe(
      true,
    );
  });

  it('a follower reads the posts of what they follow only; a representative of what they registered', () => {
    expect(can(customerOfA, 'notificationPost:read', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'notificationPost:read', { establishmentId: B })).toBe(false);
    expect(can(rep, 'notificationPost:read', { establishmentId: A, registeredById: 'r1' })).toBe(true);
    expect(can(rep, 'notificationPost:read', { establishmentId: A, registeredById: 'r2' })).toBe(false);
  });

  it('a blocked establishment is edited only by admins; its operators still manage and read it', () => {
    const blockedA = { establishmentId: A, registeredById: 'r1', blocked: true };
    expect(can(clientOfA, 'establishment:edit', { establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'establishment:edit', { establishmentId: A, blocked: false })).toBe(true);
    expect(can(clientOfA, 'establishment:edit', blockedA)).toBe(false);
    expect(can(clientOfA, 'establishment:manage', blockedA)).toBe(true);
    expect(can(clientOfA, 'establishment:readPrivate', blockedA)).toBe(true);
    expect(can(admin, 'establishment:edit', blockedA)).toBe(true);
    expect(can(rep, 'establishment:edit', blockedA)).toBe(false);
    expect(can(rep, 'establishment:manage', blockedA)).toBe(true);
  });

  it("an establishment's private fields: its operators and registering representative, not its followers", () => {
    expect(can(customerOfA, 'establishment:read', { establishmentId: A })).toBe(true);
    expect(can(customerOfA, 'establishment:readPrivate', { establishmentId: A })).toBe(false);
    expect(can(clientOfA, 'establishment:readPrivate', { establishmentId: A })).toBe(true);
    expect(can(clientOfA, 'establishment:readPrivate', { establishmentId: B })).toBe(false);
    expect(can(rep, 'establishment:readPrivate', { establishmentId: A, registeredById: 'r1' })).toBe(true);
    expect(can(rep, 'establishment:readPrivate', { establishmentId: A, registeredById: 'r2' })).toBe(false);
    // A client who only follows A reads it as a follower.
    const follower = actor('c2', 'client', [{ establishmentId: A, kind: 'customer' }]);
    expect(can(follower, 'establishment:read', { establishmentId: A })).toBe(true);
    expect(can(follower, 'establishment:manage', { establishmentId: A })).toBe(false);
  });

  it('an establishments list holds all (admin), the registered (representant), the operated (client), the followed', () => {
    expect(establishmentScope(admin)).toEqual({ all: true });
    expect(establishmentScope(rep)).toEqual({ registeredById: 'r1' });
    expect(establishmentScope(clientOfA)).toEqual({ memberId: 'c1', kind: 'client' });
    expect(establishmentScope(customerOfA)).toEqual({ memberId: 'f1', kind: 'customer' });
    expect(establishmentScope(actor('s1', 'superuser'))).toEqual({ memberId: 's1', kind: 'customer' });
  });

  it('operating an establishment makes a customer a client; other roles stay', () => {
    expect(becomesClientByOperating('customer')).toBe(true);
    for (const role of ['client', 'representant', 'admin', 'superuser'])
      expect(becomesClientByOperating(role)).toBe(false);
  });

  it('a role outside the table gets no, even for user:guest', () => {
    const stranger = actor('s1', 'superuser', [{ establishmentId: A, kind: 'client' }]);
    expect(RIGHTS.filter((right) => can(stranger, right, matching(stranger)))).toEqual([]);
  });
});
