/**
 * Actors and resources of the permission tests (src/shared/permissions-*.test.ts): establishments A
 * and B, an actor of a role, a resource that matches the actor and one that does not.
 */
import type { Actor, Resource } from '../../src/shared/permissions';

export const A = 'est-a';
export const B = 'est-b';
export const SOMEONE_ELSE = 'user-someone-else';

export const actor = (
  id: string,
  role: string,
  establishments: Actor['establishments'] = [],
  emailVerified = true,
): Actor => ({ id, role, emailVerified, establishments });

/** A resource about the actor's establishment A, registered by and owned by the actor. */
export const matching = (a: Actor | null): Resource => ({
  establishmentId: A,
  registeredById: a?.id ?? null,
  ownerId: a?.id ?? SOMEONE_ELSE,
});
/** A resource about establishment B, registered by and owned by someone else. */
export const other: Resource = { establishmentId: B, registeredById: SOMEONE_ELSE, ownerId: SOMEONE_ELSE };
