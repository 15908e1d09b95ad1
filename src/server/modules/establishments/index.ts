/**
 * What other modules may use of the establishments module's data: a business by id, its lock, and
 * a person's link to it (dependency-cruiser refuses an import of another module's repo).
 */
export { type EstablishmentRow, findEstablishment, lockEstablishment } from './establishments.repo';
export { demoteClientsOperatingNothing, findMembership, upsertMembership } from './members.repo';
