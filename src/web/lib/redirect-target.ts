import type { User } from '../../shared/schemas/account.schema';

/** Where /redirect sends a user (DESIGN.md section 4). */
export function redirectTarget(user: User | null): string {
  if (!user) return '/login';
  if (user.role === 'admin') return '/app/management';
  if (user.role === 'representant') return '/app/reports/representant';
  if (!user.emailVerified) return '/waiting';
  const operated = user.establishments.filter((m) => m.kind === 'client');
  if (user.role === 'client') {
    if (operated.length === 1) return `/app/establishment/${operated[0]!.establishmentId}`;
    return '/app/myestablishments';
  }
  return user.establishments.length > 0 ? '/app/social/feed' : '/noestablishments';
}
