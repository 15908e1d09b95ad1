import type { User } from '../../../../shared/schemas/account.schema';

/** Where a user's picture is served (spec section 3: /image/logo/{avatar}.jpeg); none when unset. */
export const avatarUrl = (user: Pick<User, 'avatar'>) =>
  user.avatar ? `/image/logo/${user.avatar}.jpeg` : undefined;

/** Initials shown when there is no picture, like the top bar's avatar. */
export const initialsOf = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
