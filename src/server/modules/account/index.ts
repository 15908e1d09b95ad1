/**
 * What other modules may use of the account module: a user's record, their memberships and
 * sessions, by these functions and no others (dependency-cruiser refuses an import of another
 * module's repo); app.ts reads sessions through it for the auth plugin. The rest of account.repo
 * (tokens, registration, handoffs) is this module's own.
 */
export {
  bumpTokenVersion,
  findSessionActor,
  findUserByEmail,
  findUserById,
  followedEstablishmentIds,
  insertMembership,
  insertUser,
  isUniqueViolation,
  listMemberships,
  markEmailVerified,
  revokeAllSessions,
  revokeAuthTokens,
  revokeSession,
  settleProvisionalSessions,
  updateUser,
} from './account.repo';
export { deleteGuestIfUnfollowed } from './guest.repo';
