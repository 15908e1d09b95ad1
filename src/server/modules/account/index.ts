/**
 * What other modules may use of the account module: a user's record, their memberships and
 * sessions, by these functions and no others (dependency-cruiser refuses an import of another
 * module's repo); app.ts reads sessions through it for the auth plugin. The rest of the account
 * repos (tokens, mail quota, handoffs) is this module's own.
 */
export { revokeAuthTokens } from './auth-tokens.repo';
export { deleteGuestIfUnfollowed } from './guest.repo';
export { followedEstablishmentIds, insertMembership, listMemberships } from './memberships.repo';
export {
  findSessionActor,
  revokeAllSessions,
  revokeSession,
  settleProvisionalSessions,
} from './sessions.repo';
export { recordDeviceTimeZone } from './time-zone.service';
export {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  markEmailVerified,
  updateUser,
} from './users.repo';
