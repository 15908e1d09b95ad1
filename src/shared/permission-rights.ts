/**
 * The vocabulary of permissions.ts: the roles, the rights, API key scopes, and who asks about what.
 * Apart so the rules (can()) stay readable; import from permissions.ts.
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
  /** Let an establishment's email go again after its spam complaints paused it. */
  'establishment:emailResume',
  /** Export the platform's users and establishments (CSV, JSON). */
  'data:export',
  /** Read the admin actions' audit log. */
  'auditLog:read',
  /** Staff sign-in through the company's identity provider: who may get an account, and the linked provider users. */
  'signInProvider:manage',
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
  /** List and revoke an establishment's API keys: who manages it (establishment:manage); admins. */
  'apiKey:manage',
  /** Create a key: who manages its keys, not while the establishment is blocked; admins always. */
  'apiKey:create',
  /** A key's `send` scope: send notifications for its establishment and list its posts. */
  'apiKey:send',
  /** A key's `read:stats` scope: its establishment's dashboard figures and funnel. */
  'apiKey:readStats',
  /** A key's `read:followers` scope: export its establishment's followers. */
  'apiKey:readFollowers',
  // Ours: outgoing webhooks.
  /** An establishment's webhooks: list, change, rotate, resend, test, delete. Who manages it; admins. */
  'webhook:manage',
  /** Register a new webhook: who manages its webhooks, not while the establishment is blocked; admins always. */
  'webhook:create',
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
  // Ours: one's own account, which a provisional session (see Actor.provisional) may not give away.
  /** Delete one's own account (the service asks for the password too): anyone signed in, not provisionally. */
  'account:delete',
  /** Download everything stored about oneself: anyone signed in, not provisionally. */
  'account:export',
  // Ours: private conversations between a follower and a business ("Ask the business").
  /** Open a conversation with a business: one of its followers with an account and a confirmed address. */
  'conversation:start',
  /** Read a conversation: its follower, the business's operators; admins (recorded). */
  'conversation:read',
  /** Write in one's own conversation with a business (ownerId: its follower). */
  'conversation:write',
  /** The business's inbox: list, reply as the business, close, block a follower. Who operates it; admins. */
  'conversation:manage',
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
  /** Its establishment is blocked: the key reads and sends nothing until the unblock. */
  establishmentBlocked?: boolean;
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
  /**
   * The session was opened by registering and the address is not confirmed through it yet: whoever
   * typed the address holds it, maybe not its owner. It acts unverified (emailVerified is false)
   * and may not give the account away (NEEDS_A_PROVEN_SESSION).
   */
  provisional?: boolean;
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
