import { isLanguage } from '../../../shared/i18n/languages';
import type { Role } from '../../../shared/permissions';
import type { User } from '../../../shared/schemas/account.schema';
import type { UserRow } from '../../db/schema';

/** What a user may see of their own account: a whitelist, never the password hash. */
export function toUserDto(
  row: UserRow,
  establishments: { establishmentId: string; kind: 'customer' | 'client' }[],
  impersonatedBy: User['impersonatedBy'] = null,
): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    bio: row.bio,
    avatar: row.avatar,
    role: row.role as Role,
    roles: [row.role as Role],
    emailVerified: row.emailVerified,
    guest: row.guest,
    discountedPrices: row.discountedPrices,
    marketingConsent: row.marketingConsent,
    language: isLanguage(row.language) ? row.language : 'en',
    establishments,
    impersonatedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
