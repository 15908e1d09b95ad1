import type { User } from '../../shared/schemas/account.schema';

/** A user's initials, shown when they have no picture. */
export const userInitials = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

/** Up to two initials of a business name, shown when it has no logo. */
export const nameInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join('');
