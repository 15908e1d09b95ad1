import { can } from '../../shared/permissions';
import type { User } from '../../shared/schemas/account.schema';

/**
 * Where /redirect sends a user (DESIGN.md section 4). Staff go to their panels, which need no
 * confirmed email; a follower's next screen is their feed, which does not wait for the email
 * (pushes reach their devices already); an operator's is their business, which can() gives only
 * once the email is verified: until then, /waiting. Someone who follows nothing yet and has not
 * confirmed their email also waits there: confirming is what is left to do.
 */
export function redirectTarget(user: User | null): string {
  if (!user) return '/login';
  if (can(user, 'user:admin')) return '/app/management';
  if (can(user, 'user:representant')) return '/app/reports/representant';
  if (!can(user, 'feed:read')) return '/waiting';
  const operated = user.establishments.filter((m) => m.kind === 'client');
  if (can(user, 'user:client')) {
    const first = operated[0];
    if (first && !can(user, 'establishment:manage', { establishmentId: first.establishmentId }))
      return '/waiting';
    if (operated.length === 1) return `/app/establishment/${operated[0]!.establishmentId}`;
    return '/app/myestablishments';
  }
  if (user.establishments.length > 0) return '/app/social/feed';
  return user.emailVerified ? '/noestablishments' : '/waiting';
}
