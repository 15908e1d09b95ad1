import type {
  Establishment,
  EstablishmentState,
  GalleryImage,
} from '../../../shared/schemas/establishment.schema';
import type { EstablishmentRow, EstablishmentWithCounts } from './establishments.repo';

/** The state an establishment is in: deleted wins over blocked, blocked over inactive. */
export function stateOf(
  row: Pick<EstablishmentRow, 'deletedAt' | 'blockedAt' | 'active'>,
): EstablishmentState {
  if (row.deletedAt) return 'deleted';
  if (row.blockedAt) return 'blocked';
  return row.active ? 'active' : 'inactive';
}

/** What operators and admins see of an establishment. */
export function toEstablishmentDto(row: EstablishmentWithCounts): Establishment {
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
    state: row.state,
    zip: row.zip,
    country: row.country,
    businessId: row.businessId,
    taxId: row.taxId,
    vatNumber: row.vatNumber,
    timeZone: row.timeZone,
    logo: row.logo,
    cover: row.cover,
    active: row.active,
    blocked: row.blockedAt !== null,
    status: stateOf(row),
    registeredById: row.registeredById,
    followerCount: Number(row.followerCount),
    clientCount: Number(row.clientCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
