/**
 * What other modules may use of the establishments module's data: a business by id, its lock, and
 * a person's link to it (dependency-cruiser refuses an import of another module's repo).
 */
export {
  demoteClientsOperatingNothing,
  type EstablishmentRow,
  findEstablishment,
  findMembership,
  lockEstablishment,
  upsertMembership,
} from './establishments.repo';
