import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { type Actor, can, mayHold, type Resource, type Right } from '../../shared/permissions';
import { AppError, forbidden } from './app-error';

/** 403 EMAIL_NOT_VERIFIED: the web app sends the user to /waiting on it. */
export const emailNotVerified = () => new AppError(403, ErrorCode.EMAIL_NOT_VERIFIED, Msg.emailNotVerified);

/**
 * Throw 403 unless `allowed` (a decision made with can()) says yes. When the same decision would
 * say yes with a confirmed email, the answer is EMAIL_NOT_VERIFIED rather than FORBIDDEN, so the
 * user learns what to do; the rule itself stays in can(). A provisional session is confirmed by
 * the same link, so what it may not do is answered alike.
 */
export function authorizeBy(actor: Actor, allowed: (actor: Actor) => boolean): void {
  if (allowed(actor)) return;
  const unconfirmed = !actor.emailVerified || actor.provisional === true;
  if (unconfirmed && allowed({ ...actor, emailVerified: true, provisional: false })) throw emailNotVerified();
  throw forbidden();
}

/** 403 ESTABLISHMENT_BLOCKED: an operator may not change a blocked establishment (admins may). */
export const establishmentBlockedForOperators = () =>
  new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlockedForOperators);

/** The actor as if its API key's establishment were not blocked. */
const withKeyUnblocked = (actor: Actor): Actor =>
  actor.apiKey?.establishmentBlocked
    ? { ...actor, apiKey: { ...actor.apiKey, establishmentBlocked: false } }
    : actor;

/**
 * authorize(actor, right, resource): can(), or 403. EMAIL_NOT_VERIFIED when only the email is
 * missing; ESTABLISHMENT_BLOCKED when only the establishment's being blocked is, the resource's or
 * the API key's (can() asked again as if it were not). Who may not anyway hears that first, as
 * before the block.
 */
export function authorize(actor: Actor, right: Right, resource?: Resource): void {
  if (can(actor, right, resource)) return;
  const unblocked = resource?.blocked ? { ...resource, blocked: false } : resource;
  authorizeBy(withKeyUnblocked(actor), (who) => can(who, right, unblocked));
  throw establishmentBlockedForOperators();
}

/**
 * The role-level half (mayHold), checked before a request's body is read (plugins/access.plugin.ts),
 * answered as authorize() answers: what to do when only the email, or only a key's establishment
 * being blocked, stands in the way.
 */
export function authorizeHolding(actor: Actor, right: Right): void {
  if (mayHold(actor, right)) return;
  authorizeBy(withKeyUnblocked(actor), (who) => mayHold(who, right));
  throw establishmentBlockedForOperators();
}
