import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { type Actor, can, type Resource, type Right } from '../../shared/permissions';
import { AppError, forbidden } from './app-error';

/** 403 EMAIL_NOT_VERIFIED: the web app sends the user to /waiting on it. */
export const emailNotVerified = () => new AppError(403, ErrorCode.EMAIL_NOT_VERIFIED, Msg.emailNotVerified);

/**
 * Throw 403 unless `allowed` (a decision made with can()) says yes. When the same decision would
 * say yes with a confirmed email, the answer is EMAIL_NOT_VERIFIED rather than FORBIDDEN, so the
 * user learns what to do; the rule itself stays in can().
 */
export function authorizeBy(actor: Actor, allowed: (actor: Actor) => boolean): void {
  if (allowed(actor)) return;
  if (!actor.emailVerified && allowed({ ...actor, emailVerified: true })) throw emailNotVerified();
  throw forbidden();
}

/** 403 ESTABLISHMENT_BLOCKED: an operator may not change a blocked establishment (admins may). */
export const establishmentBlockedForOperators = () =>
  new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlockedForOperators);

/**
 * authorize(actor, right, resource): can(), or 403. EMAIL_NOT_VERIFIED when only the email is
 * missing; ESTABLISHMENT_BLOCKED when only the establishment's being blocked is (can() asked again
 * as if it were not). Who may not anyway hears that first, as before the block.
 */
export function authorize(actor: Actor, right: Right, resource?: Resource): void {
  if (can(actor, right, resource)) return;
  const unblocked = resource?.blocked ? { ...resource, blocked: false } : resource;
  authorizeBy(actor, (who) => can(who, right, unblocked));
  throw establishmentBlockedForOperators();
}
