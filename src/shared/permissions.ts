/**
 * The spec's role table (product-spec section 6) and its dynamic rules, as one pure can().
 * The server enforces with it; the web app only uses it to decide what to show. The rights each role
 * holds and the rights that need more than a role are data, in permission-table.ts.
 */

import type { Actor, ApiKeyGrant, Resource, Right, Role } from './permission-rights';
import { ROLES } from './permission-rights';
import {
  GUEST,
  KEY_GRANTS,
  NEEDS_A_PROVEN_SESSION,
  NEEDS_AN_ACCOUNT,
  NEEDS_VERIFIED_EMAIL,
  TABLE,
} from './permission-table';

export {
  type Actor,
  API_KEY_SCOPES,
  type ApiKeyGrant,
  type ApiKeyScope,
  KEY_SCOPE_RIGHT,
  type Resource,
  RIGHTS,
  type Right,
  ROLES,
  type Role,
} from './permission-rights';

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

const isOwner = (actor: Actor, resource: Resource) =>
  resource.ownerId !== undefined && resource.ownerId === actor.id;

const follows = (actor: Actor, establishmentId: string | undefined) =>
  establishmentId !== undefined && actor.establishments.some((m) => m.establishmentId === establishmentId);

/** A follower's reading; before the address is confirmed, only as a customer (see NEEDS_VERIFIED_EMAIL). */
const readsAsMember = (actor: Actor, establishmentId: string | undefined) =>
  establishmentId !== undefined &&
  actor.establishments.some(
    (m) => m.establishmentId === establishmentId && (actor.emailVerified || m.kind === 'customer'),
  );

const operates = (actor: Actor, establishmentId: string | undefined) =>
  establishmentId !== undefined &&
  actor.establishments.some((m) => m.establishmentId === establishmentId && m.kind === 'client');

/** A key acts only on its own establishment, within its scopes, and not while it is blocked. */
function keyMay(key: ApiKeyGrant, right: Right, resource: Resource): boolean {
  const scope = KEY_GRANTS[right];
  if (key.establishmentBlocked || resource.blocked) return false;
  return (
    scope !== undefined && key.scopes.includes(scope) && resource.establishmentId === key.establishmentId
  );
}

/** Can this actor exercise this right, on this resource? A role outside the table gets no. */
export function can(actor: Actor | null, right: Right, resource: Resource = {}): boolean {
  if (actor === null) return GUEST.includes(right);
  if (actor.apiKey) return keyMay(actor.apiKey, right, resource);
  if (!isRole(actor.role)) return false;
  if (actor.provisional && NEEDS_A_PROVEN_SESSION.has(right)) return false;
  // Only its author rewrites a comment, an admin too: admins moderate by hiding or deleting, which
  // is recorded, never by putting words in someone's mouth.
  if (actor.role === 'admin') return right === 'comment:edit' ? isOwner(actor, resource) : true;
  if (!actor.emailVerified && NEEDS_VERIFIED_EMAIL.has(right)) return false;
  if (actor.guest && NEEDS_AN_ACCOUNT.has(right)) return false;

  switch (right) {
    // Reading of "user id equals establishment id": a client who operates that establishment,
    // or a representative who registered it.
    case 'notificationPost:create':
      if (actor.role === 'client') return operates(actor, resource.establishmentId);
      if (actor.role === 'representant')
        return resource.registeredById != null && resource.registeredById === actor.id;
      return false;
    case 'clientSettings':
      return actor.role === 'client' && operates(actor, resource.establishmentId);
    // Only the owner edits or deletes their post, and not while its establishment is blocked:
    // what its followers read stays as it was when it was blocked.
    case 'notificationPost:edit':
    case 'notificationPost:delete':
      return isOwner(actor, resource) && resource.blocked !== true;
    // Only the owner edits or deletes their comment.
    case 'comment:edit':
    case 'comment:delete':
      return resource.ownerId !== undefined && resource.ownerId === actor.id;
    // A user who follows or operates the post's establishment may comment and react.
    case 'comment:create':
      return follows(actor, resource.establishmentId);
    case 'reaction':
      return readsAsMember(actor, resource.establishmentId);
    case 'customerEstablishment':
      return (
        (actor.role === 'customer' || actor.role === 'client') && follows(actor, resource.establishmentId)
      );
    case 'notificationPost:read':
      return (
        can(actor, 'notificationPost:create', resource) || readsAsMember(actor, resource.establishmentId)
      );
    // Every signed-in role has a feed (empty without memberships) and may receive pushes.
    case 'feed:read':
    case 'push:subscribe':
      return true;
    // Who may send for it (an operating client, the representative who registered it) looks after it.
    case 'establishment:manage':
    case 'establishment:readPrivate':
      return can(actor, 'notificationPost:create', resource);
    // A blocked establishment is read-only for its operators (admins returned above).
    case 'establishment:edit':
      return can(actor, 'clientSettings', resource) && resource.blocked !== true;
    case 'establishment:read':
      return can(actor, 'establishment:manage', resource) || readsAsMember(actor, resource.establishmentId);
    case 'customer:create':
      return actor.role === 'client' && operates(actor, resource.establishmentId);
    case 'followers:export':
    case 'report:read':
      return can(actor, 'establishment:manage', resource);
    // Reading of "an operator of the establishment": whoever may send for it.
    case 'comment:moderate':
    case 'reaction:list':
      return can(actor, 'notificationPost:create', resource);
    // Whoever looks after it manages its keys; only keys hold their scopes.
    case 'apiKey:manage':
    case 'webhook:manage':
      return can(actor, 'establishment:manage', resource);
    // A blocked business gets no new integrations until the unblock (its keys do nothing meanwhile);
    // what it has stays listed, revocable and deletable.
    case 'apiKey:create':
      return can(actor, 'apiKey:manage', resource) && resource.blocked !== true;
    case 'webhook:create':
      return can(actor, 'webhook:manage', resource) && resource.blocked !== true;
    case 'apiKey:send':
    case 'apiKey:readStats':
    case 'apiKey:readFollowers':
      return false;
    // The business speaks through those who operate it: not its representative, who
    // signed it up but is not the business.
    case 'comment:asBusiness':
      return actor.role === 'client' && operates(actor, resource.establishmentId);
    case 'comment:mute':
      return can(actor, 'comment:moderate', resource);
    // What its followers read stays as it was while it is blocked, the pin too.
    case 'post:pin':
      return can(actor, 'notificationPost:create', resource) && resource.blocked !== true;
    // Who looks after it brings colleagues in: an operator, and the representative who signed it up
    // (who often sets the business up before its owner has an account).
    case 'operator:invite':
      return can(actor, 'establishment:manage', resource);
    // The invitation's token and its address decide (the service); an unverified address may
    // accept, the emailed link proving it.
    case 'operatorInvitation:accept':
    case 'account:delete':
    case 'account:export':
      return true;
    // A follower asks the business; its operators answer in its name (not its representative, who
    // is not the business), and a conversation is nobody else's business.
    case 'conversation:start':
      return actor.establishments.some(
        (m) => m.establishmentId === resource.establishmentId && m.kind === 'customer',
      );
    case 'conversation:write':
      return isOwner(actor, resource);
    case 'conversation:manage':
      return actor.role === 'client' && operates(actor, resource.establishmentId);
    case 'conversation:read':
      return isOwner(actor, resource) || can(actor, 'conversation:manage', resource);
    default:
      return TABLE[actor.role].includes(right);
  }
}

/**
 * Is an unconfirmed email all that keeps this right (on some resource) from the actor? The web app
 * then shows the screen with a request to confirm (an unconfirmed representative's dashboard)
 * instead of sending them away from it to /waiting.
 */
export const waitsForEmail = (actor: Actor | null, right: Right): boolean =>
  actor !== null &&
  !actor.emailVerified &&
  NEEDS_VERIFIED_EMAIL.has(right) &&
  mayHold(actor, right) &&
  // Admins hold every right whatever the flag.
  !can(actor, right);

/**
 * Could this actor hold the right on some resource? The role-level half of can(), decided before a
 * request's body is read: a customer never sends a post, whatever establishment it names.
 */
export function mayHold(actor: Actor | null, right: Right): boolean {
  if (actor === null) return can(null, right);
  if (actor.apiKey) return can(actor, right, { establishmentId: actor.apiKey.establishmentId });
  if (!isRole(actor.role)) return false;
  if (actor.provisional && NEEDS_A_PROVEN_SESSION.has(right)) return false;
  if (actor.role === 'admin') return true;
  switch (right) {
    case 'notificationPost:create':
    case 'establishment:manage':
    case 'establishment:readPrivate':
    case 'followers:export':
    case 'report:read':
    case 'comment:moderate':
    case 'reaction:list':
    case 'apiKey:manage':
    case 'apiKey:create':
    case 'webhook:manage':
    case 'webhook:create':
    case 'comment:mute':
    case 'post:pin':
    case 'operator:invite':
      return actor.role === 'client' || actor.role === 'representant';
    case 'comment:asBusiness':
    case 'conversation:manage':
      return actor.role === 'client';
    case 'operatorInvitation:accept':
      return true;
    case 'clientSettings':
    case 'establishment:edit':
    case 'customer:create':
      return actor.role === 'client';
    // Whoever owns a post or comment, whatever their role now (a client may become a customer
    // again), and any member of the establishment to comment and react: any signed-in user.
    // A confirmed email is decided later, with the resource: the answer then says what to do.
    case 'notificationPost:edit':
    case 'notificationPost:delete':
    case 'notificationPost:read':
    case 'feed:read':
    case 'push:subscribe':
    case 'comment:create':
    case 'comment:edit':
    case 'comment:delete':
    case 'reaction':
    case 'establishment:read':
    case 'conversation:start':
    case 'conversation:read':
    case 'conversation:write':
      return true;
    case 'customerEstablishment':
      return actor.role === 'customer' || actor.role === 'client';
    default:
      return can(actor, right);
  }
}

/**
 * Whether a write to an establishment's data is made on someone else's behalf, and so goes to the
 * audit log: the actor does not operate it. Besides its operating clients, can() lets
 * only admins and the representative who registered it write to it, so this is "staff acting for a
 * business". An operating client changing their own establishment changes what is theirs, which is
 * not recorded; an admin who also operates it acts as its operator there.
 */
export const actsOnBehalfOf = (actor: Actor, resource: Pick<Resource, 'establishmentId'>): boolean =>
  // An API key is the business's own: what it does is not staff acting for it.
  actor.apiKey === undefined && !operates(actor, resource.establishmentId);

/** Which establishments an actor's list holds (not what it may do with each: that is can()). */
export type EstablishmentScope =
  | { all: true }
  | { registeredById: string }
  | { memberId: string; kind: 'client' | 'customer' };

/**
 * The establishments list: all of them for an admin, those a representative registered, those a
 * client operates, those anyone else follows.
 */
export function establishmentScope(actor: Actor): EstablishmentScope {
  if (actor.role === 'admin') return { all: true };
  if (actor.role === 'representant') return { registeredById: actor.id };
  return { memberId: actor.id, kind: actor.role === 'client' ? 'client' : 'customer' };
}

/**
 * Signing in through the company's identity provider is for staff: admins, representatives and
 * operating clients. A follower's account (a customer, a guest's) keeps its password sign-in only.
 */
export const maySignInThroughProvider = (role: string): boolean =>
  role === 'admin' || role === 'representant' || role === 'client';

/** The roles an account made at a first sign-in through the provider may get: staff, never admin. */
export const mayBeCreatedThroughProvider = (role: string): boolean =>
  role === 'representant' || role === 'client';

/** Operating an establishment makes a customer a client; staff roles stay as they are. */
/** The role the platform must always keep one holder of (the last admin stays). */
export const PLATFORM_ADMIN_ROLE: Role = 'admin';

export const becomesClientByOperating = (role: string): boolean => role === 'customer';

/** The link a new establishment gets in a user's list by default: operating for a client, following for anyone else. */
export const defaultMembershipKind = (role: string): 'customer' | 'client' =>
  role === 'client' ? 'client' : 'customer';
