import { ErrorCode } from '../../../shared/errors';
import { type Actor, becomesClientByOperating } from '../../../shared/permissions';
import {
  INVITATION_TTL_DAYS,
  INVITATIONS_OPEN_MAX,
  type Invitation,
  type InvitationBody,
  type InvitationPreview,
  VoiceMsg,
} from '../../../shared/schemas/business-voice.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext, AuthedActor } from '../../context';
import { followerVerifiedEvent, unfollowEvent } from '../../events/event-builders';
import { operatorInvitedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { hashSingleUseToken } from '../../lib/single-use-tokens';
import * as accounts from '../account';
import * as establishments from '../establishments';
import { loadEstablishment, resourceOf } from '../establishments/establishment-access';
import * as repo from './voice.repo';

/**
 * Inviting a colleague by email to operate a business. Who manages it invites
 * (operator:invite); the emailed link carries a token stored hashed, works for
 * INVITATION_TTL_DAYS and once. Accepting needs the account of the invited address: an existing
 * one signs in, someone new signs up through the ordinary registration first. The link was
 * emailed to the address, so accepting also confirms it, as the verification link would.
 */

const invalid = () => new AppError(404, ErrorCode.TOKEN_INVALID, VoiceMsg.invitationInvalid);

const fullName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

async function openOf(ctx: AppContext, establishmentId: string): Promise<Invitation[]> {
  const rows = await repo.listOpenInvitations(ctx.db, establishmentId, ctx.now());
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    invitedBy: fullName(row.byFirstName, row.byLastName),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

async function managed(ctx: AppContext, actor: Actor, idOrPublicId: string) {
  const row = await loadEstablishment(ctx, idOrPublicId);
  authorize(actor, 'operator:invite', resourceOf(row));
  return row;
}

/** The establishment's open invitations, newest first. */
export async function list(ctx: AppContext, actor: Actor, idOrPublicId: string) {
  const row = await managed(ctx, actor, idOrPublicId);
  return { items: await openOf(ctx, row.id) };
}

/**
 * Invite an address: a new invitation replaces the open one of the same address (its link stops
 * working). The email is queued with it, in one transaction. Staff inviting for a business they do
 * not operate are recorded.
 */
export async function invite(
  ctx: AppContext,
  actor: AuthedActor,
  idOrPublicId: string,
  body: InvitationBody,
) {
  const row = await managed(ctx, actor, idOrPublicId);
  const email = body.email.trim().toLowerCase();
  const existing = await accounts.findUserByEmail(ctx.db, email);
  if (existing && (await establishments.findMembership(ctx.db, existing.id, row.id))?.kind === 'client')
    throw new AppError(409, ErrorCode.CONFLICT, VoiceMsg.alreadyOperator, {
      email: VoiceMsg.alreadyOperator,
    });
  const open = await openOf(ctx, row.id);
  if (open.filter((item) => item.email !== email).length >= INVITATIONS_OPEN_MAX)
    throw new AppError(409, ErrorCode.CONFLICT, VoiceMsg.tooManyInvitations, {
      email: VoiceMsg.tooManyInvitations,
    });
  const inviter = await accounts.findUserById(ctx.db, actor.id);
  const now = ctx.now();
  await withOutbox(ctx, async ({ db: tx, emit }) => {
    await repo.revokeInvitations(tx, row.id, { email }, now);
    const id = await repo.insertInvitation(tx, {
      establishmentId: row.id,
      email,
      language: body.language ?? existing?.language ?? inviter?.language ?? 'en',
      invitedById: actor.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    });
    await emit(operatorInvitedEvent(id, row.id, actor.id));
    await auditOnBehalf(tx, actor, row, {
      action: 'establishment.operatorInvite',
      targetUserId: existing?.id ?? null,
      detail: { establishment: row.name, email },
    });
  });
  return { items: await openOf(ctx, row.id), message: VoiceMsg.invitationSent };
}

/** Withdraw an open invitation: its link stops working. */
export async function withdraw(ctx: AppContext, actor: Actor, idOrPublicId: string, invitationId: string) {
  const row = await managed(ctx, actor, idOrPublicId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeInvitations(tx, row.id, { id: invitationId }, ctx.now()))) throw notFound();
    await auditOnBehalf(tx, actor, row, {
      action: 'establishment.operatorInviteWithdraw',
      detail: { establishment: row.name, invitationId },
    });
  });
  return { items: await openOf(ctx, row.id), message: VoiceMsg.invitationWithdrawn };
}

async function findOpen(ctx: AppContext, token: string) {
  const invitation = await repo.findOpenInvitationByToken(ctx.db, hashSingleUseToken(token), ctx.now());
  if (!invitation) throw invalid();
  return invitation;
}

/** What the link offers (anyone holding it): the business, the address, sign in or sign up. */
export async function preview(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const invitation = await findOpen(ctx, token);
  return {
    establishment: {
      id: invitation.establishmentId,
      name: invitation.establishmentName,
      logo: invitation.logo,
    },
    email: invitation.email,
    invitedBy: fullName(invitation.byFirstName, invitation.byLastName),
    accountExists: (await accounts.findUserByEmail(ctx.db, invitation.email)) !== undefined,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accept: the signed-in user with the invited address operates the establishment from now on (a
 * customer becomes a client; a follower stops being one, as an admin's "add as client" does). The
 * link is spent in the same transaction; an unconfirmed address counts as confirmed, as with the
 * verification link (their registration session becomes a full one).
 */
export async function accept(ctx: AppContext, actor: AuthedActor, token: string) {
  const invitation = await findOpen(ctx, token);
  const user = await accounts.findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  if (user.email.toLowerCase() !== invitation.email)
    throw new AppError(403, ErrorCode.INVITATION_OTHER_EMAIL, VoiceMsg.invitationOtherEmail);
  const establishmentId = invitation.establishmentId;
  await withOutbox(ctx, async ({ db: tx, emit }) => {
    if (!(await repo.spendInvitation(tx, invitation.id, user.id, ctx.now()))) throw invalid();
    const before = await establishments.findMembership(tx, user.id, establishmentId);
    await establishments.upsertMembership(tx, user.id, establishmentId, 'client');
    if (becomesClientByOperating(user.role)) await accounts.updateUser(tx, user.id, { role: 'client' });
    if (before?.kind === 'customer') await emit(unfollowEvent(user.id, establishmentId, user.id));
    if (!user.emailVerified && (await accounts.markEmailVerified(tx, user.id, invitation.email))) {
      await accounts.settleProvisionalSessions(tx, user.id, actor.sessionId);
      for (const followed of await accounts.followedEstablishmentIds(tx, user.id))
        await emit(followerVerifiedEvent(user.id, followed));
    }
  });
  return { establishmentId, message: VoiceMsg.invitationAccepted };
}
