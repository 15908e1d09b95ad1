import type {
  Establishment,
  EstablishmentState,
  FollowerEstablishment,
  GalleryImage,
  PublicEstablishment,
} from '../../../shared/schemas/establishment.schema';
import type { NotificationLimits } from '../../../shared/schemas/notification-limits.schema';
import type { FatigueSettings } from '../../config/fatigue-settings';
import type { EstablishmentRow, EstablishmentWithCounts } from './establishments.repo';

/** The state an establishment is in: deleted wins over blocked, blocked over inactive. */
export function stateOf(
  row: Pick<EstablishmentRow, 'deletedAt' | 'blockedAt' | 'active'>,
): EstablishmentState {
  if (row.deletedAt) return 'deleted';
  if (row.blockedAt) return 'blocked';
  return row.active ? 'active' : 'inactive';
}

/*
 * What leaves the server, whitelisted per audience: each view names its fields one by one, so a
 * column added to the table reaches nobody until a view lists it.
 */

/** The public fields: what the public page shows anyone. */
function publicFields(row: EstablishmentWithCounts) {
  return {
    id: row.id,
    publicId: row.publicId,
    name: row.name,
    subheader: row.subheader,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    country: row.country,
    logo: row.logo,
    cover: row.cover,
    followerCount: Number(row.followerCount),
  };
}

/** The business's own limits beside the platform's defaults and ceilings (what its settings form shows). */
export const notificationLimitsOf = (
  row: Pick<EstablishmentRow, 'notifyPerDay' | 'notifyPerWeek'>,
  fatigue: FatigueSettings,
): NotificationLimits => ({
  guard: fatigue.enabled,
  perDay: row.notifyPerDay,
  perWeek: row.notifyPerWeek,
  defaultPerDay: fatigue.perDay,
  defaultPerWeek: fatigue.perWeek,
  maxPerDay: fatigue.maxPerDay,
  maxPerWeek: fatigue.maxPerWeek,
});

/** The operator view: admins, its clients and the representative who registered it. */
export function toEstablishmentDto(row: EstablishmentWithCounts, fatigue: FatigueSettings): Establishment {
  return {
    audience: 'operator',
    ...publicFields(row),
    state: row.state,
    businessId: row.businessId,
    taxId: row.taxId,
    vatNumber: row.vatNumber,
    timeZone: row.timeZone,
    active: row.active,
    commentsEnabled: row.commentsEnabled,
    welcomeText: row.welcomeText,
    welcomeTranslations: row.welcomeTranslations,
    notificationLimits: notificationLimitsOf(row, fatigue),
    blocked: row.blockedAt !== null,
    status: stateOf(row),
    registeredById: row.registeredById,
    waitingCount: Number(row.waitingCount),
    guestCount: Number(row.guestCount),
    clientCount: Number(row.clientCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The follower view: the public fields and its state, nothing of its paperwork or its operators. */
export function toFollowerEstablishmentDto(row: EstablishmentWithCounts): FollowerEstablishment {
  const status = stateOf(row);
  // Deleted establishments are 404 before any view is made.
  if (status === 'deleted') throw new Error('A deleted establishment has no follower view');
  return { audience: 'follower', ...publicFields(row), status, blocked: row.blockedAt !== null };
}

/** The public page's view (active or inactive: the caller answers blocked and deleted ones otherwise). */
export function toPublicEstablishmentDto(
  row: EstablishmentWithCounts,
  gallery: GalleryImage[],
  viewer: PublicEstablishment['viewer'],
): PublicEstablishment {
  return {
    ...publicFields(row),
    status: stateOf(row) === 'active' ? 'active' : 'inactive',
    gallery,
    viewer,
  };
}

/** A gallery picture as anyone may see it. */
export function toGalleryDto(row: {
  id: string;
  image: string;
  caption: string;
  width: number;
  height: number;
  createdAt: Date;
}): GalleryImage {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
