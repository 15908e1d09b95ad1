import type { z } from 'zod';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { becomesClientByOperating, type Role } from '../../../shared/permissions';
import type { ManagedUserDetail, UpdateUserBodySchema } from '../../../shared/schemas/user-management.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { followEvent, unfollowEvent } from '../../events/event-builders';
import { emailChangedEvent, verificationRequestedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { deleteAccount } from '../account/account-delete.service';
import { demoteClientsOperatingNothing } from '../establishments';
import { userLabel } from './managed-user.dto';
import * as detail from './user-detail.repo';
import { loadUser, userDetail } from './users.service';

type UpdateUserInput = z.output<typeof UpdateUserBodySchema>;
type Link = { establishmentId: string; kind: 'customer' | 'client' };

const emailTaken = () =>
  new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { email: Msg.emailExists });

const sameLinks = (a: Link[], b: Link[]) => {
  const key = (links: Link[]) =>
    links
      .map((l) => `${l.establishmentId}:${l.kind}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};

/**
 * The role the user ends up with. Operating an establishment makes a customer a client, as when an
 * admin adds an operator (members.service.ts); but a customer role the admin chooses on purpose while
 * the user still operates something is a contradiction the admin must resolve (400 on role).
 */
function resultingRole(current: UserRow, body: UpdateUserInput, links: Link[]): Role {
  const role = body.role ?? current.role;
  if (!links.some((link) => link.kind === 'client') || !becomesClientByOperating(role)) return role;
  if (roleChosen(current, body)) throw fieldError('role', Msg.customerCannotOperate);
  return 'client';
}

/** Whether the patch sets a role other than the user's. */
const roleChosen = (current: UserRow, body: UpdateUserInput) =>
  changedFields(current, { role: body.role }, false).length > 0;

/** The answer's wording, by the role the user ends up with (spec section 8's two messages). */
const UPDATED_MESSAGE: Record<Role, string> = {
  customer: Msg.customerUpdated,
  client: Msg.userUpdated,
  representant: Msg.userUpdated,
  admin: Msg.userUpdated,
};

/** Names of the fields whose value the update changes. */
function changedFields(current: UserRow, next: Partial<UserRow>, linksChanged: boolean): string[] {
  const fields = [
    'firstName',
    'lastName',
    'email',
    'phone',
    'role',
    'emailVerified',
    'discountedPrices',
  ] as const;
  const changed: string[] = fields.filter((f) => next[f] !== undefined && next[f] !== current[f]);
  return linksChanged ? [...changed, 'establishments'] : changed;
}

/**
 * An admin edits a user: every field of spec section 3 they may change. `establishments` replaces the
 * user's links. Turning the verified flag off (or giving an address nobody has confirmed) emails a
 * verification link (spec section 4); a changed address also warns the old one, as on the user's own
 * change. Sessions stay: the user's own email change does not end them either.
 */
export async function updateUser(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  body: UpdateUserInput,
): Promise<{ user: ManagedUserDetail; message: string }> {
  authorize(actor, 'user:admin');
  const current = await loadUser(ctx, id);
  // So the platform cannot lose its last admin by accident, nobody changes their own role here.
  if (current.id === actor.id && roleChosen(current, body))
    throw new AppError(409, ErrorCode.CONFLICT, Msg.cannotChangeOwnRole, { role: Msg.cannotChangeOwnRole });
  const currentLinks = await accounts.listMemberships(ctx.db, id);
  if (body.establishments) {
    const ids = body.establishments.map((link) => link.establishmentId);
    const live = new Set(await detail.findLiveEstablishmentIds(ctx.db, ids));
    const unknown = ids.findIndex((establishmentId) => !live.has(establishmentId));
    if (unknown >= 0)
      throw fieldError(`establishments.${unknown}.establishmentId`, Msg.establishmentNotFound);
  }
  const links = body.establishments ?? currentLinks;
  const role = resultingRole(current, body, links);
  const email = body.email ?? current.email;
  const emailChanged = email !== current.email;
  if (emailChanged) {
    const other = await accounts.findUserByEmail(ctx.db, email);
    if (other && other.id !== id) throw emailTaken();
  }
  // An address the admin changes is unconfirmed unless they say it is confirmed.
  const emailVerified = body.emailVerified ?? (emailChanged ? false : current.emailVerified);
  const next: Partial<UserRow> = {
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    phone: body.phone,
    role,
    emailVerified,
    discountedPrices: body.discountedPrices,
  };
  const linksChanged = body.establishments !== undefined && !sameLinks(body.establishments, currentLinks);
  let updated: UserRow | undefined;
  try {
    updated = await withOutbox(ctx, async ({ db, emit }) => {
      let row = await accounts.updateUser(db, id, next);
      if (!row) throw notFound();
      if (body.establishments) {
        const { stoppedOperating, followed, unfollowed } = await detail.replaceMemberships(
          db,
          id,
          body.establishments,
        );
        for (const establishmentId of followed) await emit(followEvent(id, establishmentId, actor.id));
        for (const establishmentId of unfollowed) await emit(unfollowEvent(id, establishmentId, actor.id));
        // Like an admin removing an operator: a client who operates nothing any more is a customer
        // again, unless the admin chose the role in this same edit.
        if (stoppedOperating.length > 0 && !roleChosen(current, body)) {
          if ((await demoteClientsOperatingNothing(db, [id])).length > 0)
            row = (await accounts.findUserById(db, id))!;
        }
      }
      const changed = changedFields(current, row, linksChanged);
      // Sessions this user opened as someone else end with a role change: a demoted admin keeps none.
      if (changed.includes('role')) await detail.revokeSessionsActedBy(db, id);
      if (emailChanged) {
        // Links emailed to the old address must not act on the new one.
        await accounts.revokeAuthTokens(db, id);
        await emit(emailChangedEvent(id, actor.id, current.email));
      }
      if (!emailVerified && (current.emailVerified || emailChanged))
        await emit(verificationRequestedEvent(id, actor.id));
      if (changed.length > 0) {
        await recordAudit(db, {
          actorId: actor.id,
          action: 'user.update',
          targetUserId: id,
          targetLabel: userLabel(row),
          detail: {
            changed,
            ...(changed.includes('emailVerified') ? { emailVerified } : {}),
            ...(changed.includes('role') ? { role: row.role } : {}),
          },
        });
      }
      return row;
    });
  } catch (error) {
    if (accounts.isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { user: await userDetail(ctx, updated), message: UPDATED_MESSAGE[updated.role] };
}

/**
 * An admin deletes a user's account with all its data, by the same path as the user's own deletion
 * (account.service deleteAccount), in the transaction that records it. Not their own account: the
 * platform must not lose its last admin by accident.
 */
export async function deleteUser(ctx: AppContext, actor: AuthedActor, id: string): Promise<void> {
  authorize(actor, 'user:delete');
  const target = await loadUser(ctx, id);
  if (target.id === actor.id) throw new AppError(409, ErrorCode.CONFLICT, Msg.cannotDeleteSelf);
  await withOutbox(ctx, async ({ db, emit }) => {
    await recordAudit(db, {
      actorId: actor.id,
      action: 'user.delete',
      targetUserId: target.id,
      targetLabel: userLabel(target),
      // The target's id is cleared from the row when the account goes: keep it in the detail.
      detail: { userId: target.id, role: target.role },
    });
    // Their "log in as" sessions would otherwise live on as the other users' own (the link is cleared).
    await detail.revokeSessionsActedBy(db, target.id);
    // The account deletion acts on the actor it is given: here, the target.
    const asTarget: AuthedActor = {
      id: target.id,
      role: target.role,
      emailVerified: target.emailVerified,
      establishments: [],
      sessionId: '',
      actingAdminId: actor.id,
    };
    await deleteAccount({ ...ctx, db }, emit, asTarget);
  });
}
