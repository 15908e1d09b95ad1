import type { ManagedUser, ManagedUserDetail } from '../../../shared/schemas/user-management.schema';
import type { UserRow } from '../../db/schema';
import type * as detail from './user-detail.repo';

/** A user as the admin screens list them: never the password hash, the token version or the search text. */
export const toManagedUser = (row: UserRow): ManagedUser => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  role: row.role,
  emailVerified: row.emailVerified,
  guest: row.guest,
  discountedPrices: row.discountedPrices,
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
});

/** Who an audit entry is about, as a person reads it. */
export const userLabel = (row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${`${row.firstName} ${row.lastName}`.trim()} <${row.email}>`;

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

/** The admin's page of a user: the profile and what they follow, receive and picked. */
export const toManagedUserDetail = (
  row: UserRow,
  parts: {
    establishments: Rows<typeof detail.listUserEstablishments>;
    devices: Rows<typeof detail.listUserDevices>;
    preferences: Rows<typeof detail.listUserPreferences>;
    deliveries: Rows<typeof detail.listUserDeliveries>;
  },
): ManagedUserDetail => ({
  ...toManagedUser(row),
  establishments: parts.establishments.map((e) => ({ ...e, since: e.since.toISOString() })),
  devices: parts.devices.map((d) => ({
    ...d,
    createdAt: d.createdAt.toISOString(),
    lastSeenAt: d.lastSeenAt.toISOString(),
  })),
  preferences: parts.preferences,
  deliveries: parts.deliveries.map((d) => ({
    ...d,
    sentAt: d.sentAt.toISOString(),
    receivedAt: d.receivedAt?.toISOString() ?? null,
    clickedAt: d.clickedAt?.toISOString() ?? null,
  })),
});
