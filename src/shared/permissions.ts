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
] as const;
export type Right = (typeof RIGHTS)[number];

/** Who is asking: a guest is `null`. Only what the rules need. */
export interface Actor {
  id: string;
  role: string;
  establishments: ReadonlyArray<{ establishmentId: string; kind: 'customer' | 'client' }>;
}

/** What the right is about, when it is about something. */
export interface Resource {
  establishmentId?: string;
  /** The representative who registered the establishment. */
  registeredById?: string | null;
  /** The author of a post or comment. */
  ownerId?: string;
}

const GUEST: readonly Right[] = ['user:guest'];
const CUSTOMER: readonly Right[] = [...GUEST, 'user:customer', 'hasEstablishment'];
const CLIENT: readonly Right[] = [...CUSTOMER, 'user:client'];
// A representative has guest, customer, client and representant rights, but not hasEstablishment.
const REPRESENTANT: readonly Right[] = [
  ...CLIENT.filter((right) => right !== 'hasEstablishment'),
  'user:representant',
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

const follows = (actor: Actor, establishmentId: string | undefined) =>
  establishmentId !== undefined && actor.establishments.some((m) => m.establishmentId === establishmentId);

const operates = (actor: Actor, establishmentId: string | undefined) =>
  establishmentId !== undefined &&
  actor.establishments.some((m) => m.establishmentId === establishmentId && m.kind === 'client');

/** Can this actor exercise this right, on this resource? A role outside the table gets no. */
export function can(actor: Actor | null, right: Right, resource: Resource = {}): boolean {
  if (actor === null) return GUEST.includes(right);
  if (!isRole(actor.role)) return false;
  if (actor.role === 'admin') return true;

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
    // Only the owner edits or deletes their post or comment.
    case 'notificationPost:edit':
    case 'notificationPost:delete':
    case 'comment:edit':
    case 'comment:delete':
      return resource.ownerId !== undefined && resource.ownerId === actor.id;
    // A user who follows or operates the post's establishment may comment and react.
    case 'comment:create':
    case 'reaction':
      return follows(actor, resource.establishmentId);
    case 'customerEstablishment':
      return (
        (actor.role === 'customer' || actor.role === 'client') && follows(actor, resource.establishmentId)
      );
    default:
      return TABLE[actor.role].includes(right);
  }
}
