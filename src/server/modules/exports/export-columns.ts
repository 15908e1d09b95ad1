import type {
  EstablishmentExportRow,
  FollowerExportRow,
  UserExportRow,
} from '../../../shared/schemas/export.schema';
import type { Column } from './export-file';

/*
 * The CSV columns of each export, in the order a person reads them. The JSON rows carry the same
 * data under the schema's field names (src/shared/schemas/export.schema.ts).
 */

export const USER_COLUMNS: Column<UserExportRow>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'First name', value: (u) => u.firstName },
  { header: 'Last name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Phone', value: (u) => u.phone },
  { header: 'Role', value: (u) => u.role },
  { header: 'Email verified', value: (u) => u.emailVerified },
  { header: 'Discounted prices', value: (u) => u.discountedPrices },
  { header: 'Created', value: (u) => u.createdAt },
  { header: 'Last login', value: (u) => u.lastLoginAt },
  { header: 'Establishments', value: (u) => u.establishments },
];

export const ESTABLISHMENT_COLUMNS: Column<EstablishmentExportRow>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Public ID', value: (e) => e.publicId },
  { header: 'Name', value: (e) => e.name },
  { header: 'Subheader', value: (e) => e.subheader },
  { header: 'Email', value: (e) => e.email },
  { header: 'Phone', value: (e) => e.phone },
  { header: 'Website', value: (e) => e.website },
  { header: 'Address', value: (e) => e.address1 },
  { header: 'Address 2', value: (e) => e.address2 },
  { header: 'City', value: (e) => e.city },
  { header: 'ZIP', value: (e) => e.zip },
  { header: 'Country', value: (e) => e.country },
  { header: 'Active', value: (e) => e.active },
  { header: 'Blocked', value: (e) => e.blocked },
  { header: 'Followers', value: (e) => e.followers },
  { header: 'Waiting for email confirmation', value: (e) => e.waitingForConfirmation },
  { header: 'Created', value: (e) => e.createdAt },
];

export const FOLLOWER_COLUMNS: Column<FollowerExportRow>[] = [
  { header: 'First name', value: (f) => f.firstName },
  { header: 'Last name', value: (f) => f.lastName },
  { header: 'Email', value: (f) => f.email },
  { header: 'Phone', value: (f) => f.phone },
  { header: 'Email verified', value: (f) => f.emailVerified },
  { header: 'Discounted prices', value: (f) => f.discountedPrices },
  { header: 'Followed since', value: (f) => f.followedSince },
  { header: 'Notified by', value: (f) => f.notify },
  { header: 'Paused', value: (f) => f.paused },
  { header: 'Preferences', value: (f) => f.preferences.join('; ') },
];
