/**
 * The rights table of permissions.ts: each role's static rights (product-spec section 6), the
 * rights that need more than a role (a confirmed email, an account, a proven session) and what an
 * API key's scopes grant. Data only: every decision that compares roles is can(), in permissions.ts.
 */

import type { ApiKeyScope, Right, Role } from './permission-rights';
import { RIGHTS } from './permission-rights';

export const GUEST: readonly Right[] = ['user:guest'];
export const CUSTOMER: readonly Right[] = [...GUEST, 'user:customer', 'hasEstablishment'];
export const CLIENT: readonly Right[] = [...CUSTOMER, 'user:client'];
// A representative has guest, customer, client and representant rights, but not hasEstablishment.
export const REPRESENTANT: readonly Right[] = [
  ...CLIENT.filter((right) => right !== 'hasEstablishment'),
  'user:representant',
  'contactRequest:read',
];

/** Static rights per role; the dynamic rights are granted to admins here and decided per resource by can() for the rest. */
export const TABLE: Record<Role | 'guest', readonly Right[]> = {
  guest: GUEST,
  customer: CUSTOMER,
  client: CLIENT,
  representant: REPRESENTANT,
  admin: RIGHTS,
};

/**
 * Rights that speak or act for an establishment (send, settings, comments, its figures) need a
 * confirmed email: the spec's customers "must verify their email", and clients and representatives
 * get the same verification link in their welcome email. The table's role rights (menus, panels,
 * the account) hold whatever the flag, so an unverified user can still reach /waiting and their
 * account. A follower's own reading does not wait for it: someone who just registered may choose
 * how a business reaches them and turn notifications on, pushes (the welcome too) reach that device
 * at once as whoever turned it on holds it, and the post a push opens, the feed and a reaction work;
 * email waits until the address is verified. An operator's reading stays behind the confirmation
 * (notificationPost:read and establishment:read ask can() about sending and managing, which need it).
 * Admins have everything (spec section 6).
 */
export const NEEDS_VERIFIED_EMAIL: ReadonlySet<Right> = new Set<Right>([
  'clientSettings',
  'notificationPost:create',
  'notificationPost:edit',
  'notificationPost:delete',
  'comment:create',
  'comment:edit',
  'comment:delete',
  'establishment:manage',
  'establishment:edit',
  'establishment:readPrivate',
  'customer:create',
  'followers:export',
  'report:read',
  'comment:moderate',
  'reaction:list',
  'apiKey:manage',
  'apiKey:create',
  'webhook:manage',
  'webhook:create',
  'comment:asBusiness',
  'comment:mute',
  'post:pin',
  'operator:invite',
  'conversation:start',
  'conversation:write',
  'conversation:manage',
]);

/**
 * Rights a guest follower does not have, having no email (DESIGN.md, "Guest followers"): speaking
 * in a business's comments. Adding an email (registering on that device) gives them.
 */
export const NEEDS_AN_ACCOUNT: ReadonlySet<Right> = new Set<Right>([
  'comment:create',
  'comment:edit',
  'conversation:start',
  'conversation:write',
]);

/**
 * Rights a provisional session does not have, whatever the role (an admin may make that address an
 * operator, or an admin, before it is confirmed): deleting the account and taking its data away.
 */
export const NEEDS_A_PROVEN_SESSION: ReadonlySet<Right> = new Set<Right>([
  'account:delete',
  'account:export',
]);

/**
 * What an API key stands in for: the rights its scopes grant, and the rights of the
 * routes that accept a key, each answered by the scope behind it. Anything else: no.
 */
export const KEY_GRANTS: Partial<Record<Right, ApiKeyScope>> = {
  'apiKey:send': 'send',
  'notificationPost:create': 'send',
  'notificationPost:read': 'send',
  'apiKey:readStats': 'read:stats',
  'report:read': 'read:stats',
  'apiKey:readFollowers': 'read:followers',
  'followers:export': 'read:followers',
};
