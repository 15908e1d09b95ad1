/**
 * The spec's role table (product-spec section 6) and its dynamic rules, as one pure can().
 * The server enforces with it; the web app only uses it to decide what to show.
 */

export const ROLES = ['customer', 'client', 'representant', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const RIGHTS = [
  'user:guest',
  'user:customer',
  'hasEstablishment',
  'user:client',
  'user:representant',
  'user:admin',
  'clientSettings',
  'notificationPost:create',
  'notificationPost:edit',
  'notificationPost:delete',
  'comment:create',
  'comment:edit',
  'comment:delete',
  'reaction',
  'customerEstablishment',
  // Ours, beyond the spec's table: what the API serves to members.
  /** An establishment's posts and a post of it: those who may send for it, and its members. */
  'notificationPost:read',
  /** The social feed: posts of every establishment the user follows or operates. */
  'feed:read',
  /** Registering a browser for web push. */
  'push:subscribe',
  // Ours: an establishment's page in the app.
  /** Look after it (members, share, the operator view): an operating client, the representative who registered it. */
  'establishment:manage',
  /** Change its profile and gallery: an operating client (client settings), not while it is blocked; admins always. */
  'establishment:edit',
  /** See its private fields (tax id, VAT, business id, representative, client count): who manages it. */
  'establishment:readPrivate',
  /** See it at all (the follower view at least): who manages it, and its members. */
  'establishment:read',
  // Ours: the admin's tools, each its own right so each can be granted apart later.
  /** Sign in as another user ("log in as"); the session records the acting admin. */
  'user:impersonate',
  /** Give a user a new random password by email, ending their sessions. */
  'user:resetPassword',
  /** Email a user the verification link again. */
  'user:sendVerification',
  /** Delete another user's account. */
  'user:delete',
  /** Block or unblock an establishment. */
  'establishment:block',
  /** Delete an establishment. */
  'establishment:delete',
  /** Export the platform's users and establishments (CSV, JSON). */
  'data:export',
  /** Read the admin actions' audit log. */
  'auditLog:read',
  /** Create, edit and delete preferences and preference groups. */
  'preference:manage',
  /** Create a customer following an establishment: admins, and a client who operates it. */
  'customer:create',
  /** Export an establishment's followers: who manages it (an operating client, its representative). */
  'followers:export',
  /** Read the businesses' contact requests from /home: representatives. */
  'contactRequest:read',
  // Ours: reports.
  /** An establishment's dashboard and follower funnel: who manages it (an operating client, its representative). */
  'report:read',
  /** The whole platform's dashboard and funnel: admins. */
  'report:platform',
  // Ours: engagement.
  /**
   * Moderate a post's comments: remove anyone's comment on it, turn its comments off. Who may send
   * for its establishment (an operating client, the representative who registered it); admins.
   */
  'comment:moderate',
  /** See who reacted to a post, not only the counts: the same people as comment:moderate. */
  'reaction:list',
  // Ours: API keys. Each scope of a key is a right only a key holds (KEY_SCOPE_RIGHT).
  /** Create, list and revoke an establishment's API keys: who manages it (establishment:manage); admins. */
  'apiKey:manage',
  /** A key's `send` scope: send notifications for its establishment and list its posts. */
  'apiKey:send',
  /** A key's `read:stats` scope: its establishment's dashboard figures and funnel. */
  'apiKey:readStats',
  /** A key's `read:followers` scope: export its establishment's followers. */
  'apiKey:readFollowers',
  // Ours: outgoing webhooks.
  /** An establishment's webhooks: register, change, rotate, resend, test. Who manages it; admins. */
  'webhook:manage',
  // Ours: the business's own voice.
  /** Comment in the business's voice (its name and logo, an "operator" badge): who operates it; admins. */
  'comment:asBusiness',
  /** Stop a follower's comments on an establishment's posts, and see who is stopped: its moderators. */
  'comment:mute',
  /** Pin one post to the top of an establishment's feed, or unpin it: who may send for it. */
  'post:pin',
  /** Invite a colleague by email to operate an establishment, list and withdraw invitations: who manages it. */
  'operator:invite',
  /** Accept an invitation to operate (the emailed link decides which; the address must be the user's): anyone signed in. */
  'operatorInvitation:accept',
] as const;
export type Right = (typeof RIGHTS)[number];

/** What an API key may be allowed to do; each is a right of can() (KEY_SCOPE_RIGHT). */
export const API_KEY_SCOPES = ['send', 'read:stats', 'read:followers'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The right each scope of a key stands for. */
export const KEY_SCOPE_RIGHT: Readonly<Record<ApiKeyScope, Right>> = {
  send: 'apiKey:send',
  'read:stats': 'apiKey:readStats',
  'read:followers': 'apiKey:readFollowers',
};

/** An API key a request was made with: the establishment it belongs to and its scopes. */
export interface ApiKeyGrant {
  id: string;
  name: string;
  establishmentId: string;
  scopes: readonly ApiKeyScope[];
}

/** Who is asking: a guest is `null`. Only what the rules need. */
export interface Actor {
  id: string;
  role: string;
  /** Whether the user confirmed their email address; see NEEDS_VERIFIED_EMAIL. */
  emailVerified: boolean;
  /**
   * A follower without an account (one tap, no email): it follows, reads and reacts as a customer;
   * what needs an address (NEEDS_AN_ACCOUNT) asks for one first.
   */
  guest?: boolean;
  establishments: ReadonlyArray<{ establishmentId: string; kind: 'customer' | 'client' }>;
  /**
   * Set when the request was made with an API key rather than a person's session: then only the
   * key's scopes on its own establishment hold (keyMay), whatever `role` says.
   */
  apiKey?: ApiKeyGrant;
}

/** What the right is about, when it is about something. */
export interface Resource {
  establishmentId?: string;
  /** The representative who registered the establishment. */
  registeredById?: string | null;
  /** The author of a post or comment. */
  ownerId?: string;
  /** Whether the establishment is blocked: then only admins edit it (establishment:edit). */
  blocked?: boolean;
}

const GUEST: readonly Right[] = ['user:guest'];
const CUSTOMER: readonly Right[] = [...GUEST, 'user:customer', 'hasEstablishment'];
const CLIENT: readonly Right[] = [...CUSTOMER, 'user:client'];
// A representative has guest, customer, client and representant rights, but not hasEstablishment.
const REPRESENTANT: readonly Right[] = [
  ...CLIENT.filter((right) => right !== 'hasEstablishment'),
  'user:representant',
  'contactRequest:read',
];

/** Static rights per role; the dynamic rights below are granted to admins here and decided per resource for the rest. */
const TABLE: Record<Role | 'guest', readonly Right[]> = {
  guest: GUEST,
  customer: CUSTOMER,
  client: CLIENT,
  representant: REPRESENTANT,
  admin: RIGHTS,
};

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

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
const NEEDS_VERIFIED_EMAIL: ReadonlySet<Right> = new Set<Right>([
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
  'webhook:manage',
  'comment:asBusiness',
  'comment:mute',
  'post:pin',
  'operator:invite',
]);

/**
 * Rights a guest follower does not have, having no email (DESIGN.md, "Guest followers"): speaking
 * in a business's comments. Adding an email (registering on that device) gives them.
 */
const NEEDS_AN_ACCOUNT: ReadonlySet<Right> = new Set<Right>(['comment:create', 'comment:edit']);

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

/**
 * What an API key stands in for: the rights its scopes grant, and the rights of the
 * routes that accept a key, each answered by the scope behind it. Anything else: no.
 */
const KEY_GRANTS: Partial<Record<Right, ApiKeyScope>> = {
  'apiKey:send': 'send',
  'notificationPost:create': 'send',
  'notificationPost:read': 'send',
  'apiKey:readStats': 'read:stats',
  'report:read': 'read:stats',
  'apiKey:readFollowers': 'read:followers',
  'followers:export': 'read:followers',
};

/** A key acts only on its own establishment, and only within its scopes. */
function keyMay(key: ApiKeyGrant, right: Right, resource: Resource): boolean {
  const scope = KEY_GRANTS[right];
  return (
    scope !== undefined && key.scopes.includes(scope) && resource.establishmentId === key.establishmentId
  );
}

/** Can this actor exercise this right, on this resource? A role outside the table gets no. */
export function can(actor: Actor | null, right: Right, resource: Resource = {}): boolean {
  if (actor === null) return GUEST.includes(right);
  if (actor.apiKey) return keyMay(actor.apiKey, right, resource);
  if (!isRole(actor.role)) return false;
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
      return true;
    default:
      return TABLE[actor.role].includes(right);
  }
}

/**
 * Could this actor hold the right on some resource? The role-level half of can(), decided before a
 * request's body is read: a customer never sends a post, whatever establishment it names.
 */
export function mayHold(actor: Actor | null, right: Right): boolean {
  if (actor === null) return can(null, right);
  if (actor.apiKey) return can(actor, right, { establishmentId: actor.apiKey.establishmentId });
  if (!isRole(actor.role)) return false;
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
    case 'webhook:manage':
    case 'comment:mute':
    case 'post:pin':
    case 'operator:invite':
      return actor.role === 'client' || actor.role === 'representant';
    case 'comment:asBusiness':
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

/** Operating an establishment makes a customer a client; staff roles stay as they are. */
/** The role the platform must always keep one holder of (the last admin stays). */
export const PLATFORM_ADMIN_ROLE: Role = 'admin';

export const becomesClientByOperating = (role: string): boolean => role === 'customer';

/** The link a new establishment gets in a user's list by default: operating for a client, following for anyone else. */
export const defaultMembershipKind = (role: string): 'customer' | 'client' =>
  role === 'client' ? 'client' : 'customer';
