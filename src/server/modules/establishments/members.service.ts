import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { becomesClientByOperating } from '../../../shared/permissions';
import type { AddMemberBody, Member } from '../../../shared/schemas/establishment.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import { followEvent, unfollowEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { userLabel } from '../management/managed-user.dto';
import { loadEstablishment, resourceOf } from './establishment-access';
import * as membersRepo from './members.repo';

/**
 * Clients and followers of an establishment, for those who manage it. Followers whose email is not
 * confirmed are listed (marked) and counted apart, as waiting: the counts are the establishment's own.
 */
export async function members(ctx: AppContext, actor: AuthedActor, id: string) {
  const row = await loadEstablishment(ctx, id);
  authorize(actor, 'establishment:manage', resourceOf(row));
  const items = await membersRepo.listMembers(ctx.db, row.id);
  return {
    items: items.map((m): Member => ({ ...m, since: m.since.toISOString() })),
    followerCount: Number(row.followerCount),
    waitingCount: Number(row.waitingCount),
    guestCount: Number(row.guestCount),
    clientCount: Number(row.clientCount),
  };
}

/**
 * An admin adds an existing user as a client (operator) or a user (follower), recorded about that
 * user (admin-only: always on someone else's behalf).
 */
export async function addMember(ctx: AppContext, actor: AuthedActor, id: string, body: AddMemberBody) {
  authorize(actor, 'user:admin');
  const row = await loadEstablishment(ctx, id);
  const user = await accounts.findUserByEmail(ctx.db, body.email);
  if (!user)
    throw new AppError(404, ErrorCode.USER_NOT_FOUND, Msg.noUserWithEmail, { email: Msg.noUserWithEmail });
  const alreadyLinked = await withOutbox(ctx, async ({ db: tx, emit }) => {
    const before = await membersRepo.findMembership(tx, user.id, row.id);
    await membersRepo.upsertMembership(tx, user.id, row.id, body.kind);
    // Operating an establishment makes a customer a client; staff roles stay as they are.
    if (body.kind === 'client' && becomesClientByOperating(user.role))
      await accounts.updateUser(tx, user.id, { role: 'client' });
    // An operator made a follower may now operate nothing: then they are a customer again.
    if (body.kind === 'customer') await membersRepo.demoteClientsOperatingNothing(tx, [user.id]);
    const unchanged = before?.kind === body.kind;
    if (!unchanged && body.kind === 'customer') await emit(followEvent(user.id, row.id, actor.id));
    if (!unchanged && before?.kind === 'customer') await emit(unfollowEvent(user.id, row.id, actor.id));
    // Linked that way before: nothing changed, nothing to record.
    if (!unchanged) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'establishment.memberAdd',
        targetUserId: user.id,
        targetEstablishmentId: row.id,
        targetLabel: userLabel(user),
        detail: { establishment: row.name, kind: body.kind },
      });
    }
    return unchanged;
  });
  // alreadyLinked: they were linked that way before, so nothing changed.
  return { ...(await members(ctx, actor, row.id)), alreadyLinked };
}

/**
 * An admin removes a user's link to an establishment, recorded about that user. A client who then
 * operates nothing goes back to customer in the same transaction (their next request acts with
 * customer rights).
 */
export async function removeMember(ctx: AppContext, actor: AuthedActor, id: string, userId: string) {
  authorize(actor, 'user:admin');
  const row = await loadEstablishment(ctx, id);
  await withOutbox(ctx, async ({ db: tx, emit }) => {
    const kind = await membersRepo.deleteMembership(tx, userId, row.id);
    if (!kind) throw notFound();
    if (kind === 'customer') await emit(unfollowEvent(userId, row.id, actor.id));
    await membersRepo.demoteClientsOperatingNothing(tx, [userId]);
    const user = await accounts.findUserById(tx, userId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'establishment.memberRemove',
      targetUserId: userId,
      targetEstablishmentId: row.id,
      targetLabel: user ? userLabel(user) : userId,
      detail: { establishment: row.name, kind },
    });
  });
  return members(ctx, actor, row.id);
}
