import { describe, expect, it } from 'vitest';
import { A, actor, matching, other } from '../../tests/support/permission-actors';
import { type Actor, can, RIGHTS, type Right } from './permissions';

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
 * - comment:moderate and reaction:list (ours): who may send for the establishment;
 * - the business's voice (ours): comment:asBusiness, a client operating it; comment:mute and
 *   post:pin, who may send for it (post:pin not while blocked); operator:invite, who manages it;
 *   accepting, anyone signed in;
 * - apiKey:create and webhook:create (ours): who manages its keys and webhooks, not while it is
 *   blocked; admins even then;
 * - account:delete and account:export (ours): anyone signed in, not from a provisional session;
 * - conversations (ours): conversation:start, a customer member; conversation:write, its owner;
 *   conversation:manage, a client operating it; conversation:read, its owner or who manages it;
 * - a role outside the table: no, for everything;
 * - email not verified (the "unverified" columns): the role's table rights (user:*,
 *   hasEstablishment) stay, and so do choosing how a business reaches them (customerEstablishment),
 *   turning notifications on (push:subscribe) and a follower's reading (feed:read; as a customer
 *   member, notificationPost:read, establishment:read and reaction), since pushes reach their
 *   device at once; every other right about an establishment's content or audience is no (an
 *   operator's reading too); an admin keeps everything.
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
  ['comment:edit',               N,    M,       M,     M,  M,    N,   N,        N,      N,   M],
  ['comment:delete',             N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['reaction',                   N,    M,       M,     N,  Y,    N,   M,        N,      N,   Y],
  ['customerEstablishment',      N,    M,       M,     N,  Y,    N,   M,        M,      N,   Y],
  // The representant reads the posts of what it registered (it may send for it).
  ['notificationPost:read',      N,    M,       M,     M,  Y,    N,   M,        N,      N,   Y],
  ['feed:read',                  N,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  ['push:subscribe',             N,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  // Ours: an establishment's page. Resources here are not blocked; see the readable cases.
  ['establishment:manage',       N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['establishment:edit',         N,    N,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['establishment:readPrivate',  N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['establishment:read',         N,    M,       M,     M,  Y,    N,   M,        N,      N,   Y],
  // Ours: the admin's tools are the admin's alone.
  ['user:impersonate',           N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['user:resetPassword',         N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['user:sendVerification',      N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['user:delete',                N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['establishment:block',        N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['establishment:delete',       N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['establishment:emailResume',  N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['data:export',                N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['auditLog:read',              N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['signInProvider:manage',      N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['preference:manage',          N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  // A client adds customers to what it operates; who manages an establishment exports its followers.
  ['customer:create',            N,    N,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['followers:export',           N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  // Businesses' contact requests from /home reach the representatives.
  ['contactRequest:read',        N,    N,       N,     Y,  Y,    N,   N,        N,      Y,   Y],
  // Ours: an establishment's reports to who manages it; the platform's to admins.
  ['report:read',                N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['report:platform',            N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  // Ours: moderating comments and seeing who reacted, by whoever may send for it.
  ['comment:moderate',           N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['reaction:list',              N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  // Ours: who manages an establishment manages its API keys; a key's scopes are held by
  // keys alone (permissions-api-keys.test.ts), and by admins, who hold every right.
  ['apiKey:manage',              N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['apiKey:create',              N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['apiKey:send',                N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['apiKey:readStats',           N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['apiKey:readFollowers',       N,    N,       N,     N,  Y,    N,   N,        N,      N,   Y],
  // Ours: who manages an establishment manages its webhooks.
  ['webhook:manage',             N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['webhook:create',             N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  // Ours: the business's voice is its operators' (not its representative's); who may
  // moderate mutes; who may send pins; who manages it invites; anyone signed in accepts (the
  // invitation's address decides, an unconfirmed one included: the emailed link confirms it).
  ['comment:asBusiness',         N,    N,       M,     N,  Y,    N,   N,        N,      N,   Y],
  ['comment:mute',               N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['post:pin',                   N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['operator:invite',            N,    N,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['operatorInvitation:accept',  N,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  // Ours: one's own account, by anyone signed in (not from a provisional session: the cases).
  ['account:delete',             N,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  ['account:export',             N,    Y,       Y,     Y,  Y,    N,   Y,        Y,      Y,   Y],
  // Ours: conversations. A follower (not an operator) asks; its owner writes in one; who operates
  // the business answers, closes and blocks; its owner and the operators read it.
  ['conversation:start',         N,    M,       N,     N,  Y,    N,   N,        N,      N,   Y],
  ['conversation:read',          N,    M,       M,     M,  Y,    N,   M,        M,      M,   Y],
  ['conversation:write',         N,    M,       M,     M,  Y,    N,   N,        N,      N,   Y],
  ['conversation:manage',        N,    N,       M,     N,  Y,    N,   N,        N,      N,   Y],
];

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
