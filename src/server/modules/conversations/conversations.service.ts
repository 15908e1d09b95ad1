import { ErrorCode } from '../../../shared/errors';
import { type Actor, can } from '../../../shared/permissions';
import {
  type Conversation,
  ConversationMsg,
  type MessageBody,
  POST_ID_INVALID,
  type StartConversationBody,
} from '../../../shared/schemas/conversation.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import { withOutbox } from '../../events/outbox';
import type { Outbox } from '../../events/outbox-handle';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { hitCounter } from '../../lib/rate-limit.repo';
import { isClosed, readsAsBusiness, resourceOf, toConversation } from './conversation.dto';
import type { ConversationRow } from './conversations.repo';
import * as repo from './conversations.repo';
import { pictureStored } from './message-pictures';
import { pictureShown } from './message-pictures.repo';

/**
 * Private conversations between a follower and a business. Rights are can()'s: a follower with an
 * account starts one (conversation:start) and writes in their own (conversation:write); the
 * business's operators read, answer as the business, close and block (conversation:manage); admins
 * read any, recorded. Anyone else hears 404, whether the conversation exists or not.
 */

/** Messages the followers of one business may send it in an hour, all of them together. */
export const MESSAGES_PER_BUSINESS_PER_HOUR = 300;

export const cannotWrite = () => new AppError(403, ErrorCode.FORBIDDEN, ConversationMsg.cannotWrite);
const closedAlready = () => new AppError(403, ErrorCode.FORBIDDEN, ConversationMsg.closedAlready);

/** The conversation, once the actor may read it; a stranger cannot tell it from one that does not exist. */
export async function loadConversation(ctx: AppContext, actor: Actor, id: string): Promise<ConversationRow> {
  const row = await repo.findConversation(ctx.db, id);
  if (!row || !can(actor, 'conversation:read', resourceOf(row))) throw notFound();
  return row;
}

/** An admin (not operating the business) reading or acting in someone's conversation: recorded. */
export async function auditStaff(ctx: AppContext, actor: Actor, row: ConversationRow, what: string) {
  if (actor.id === row.followerId) return;
  await auditOnBehalf(
    ctx.db,
    actor,
    { id: row.establishmentId, name: row.establishmentName },
    {
      action: what === 'read' || what === 'picture' ? 'conversation.read' : 'conversation.manage',
      targetUserId: row.followerId,
      detail: { conversationId: row.id, what },
    },
  );
}

/** The conversation as the actor reads it, marked read for their side. */
export async function answer(ctx: AppContext, actor: Actor, id: string): Promise<Conversation> {
  const row = await loadConversation(ctx, actor, id);
  const [messages, blocked] = await Promise.all([
    repo.listMessages(ctx.db, id),
    repo.isBlocked(ctx.db, row.establishmentId, row.followerId),
  ]);
  const side = readsAsBusiness(actor, row) ? 'business' : 'follower';
  // An admin's look is not the business reading its inbox.
  if (side === 'follower' || can(actor, 'conversation:manage', resourceOf(row)))
    await repo.markRead(ctx.db, id, side);
  return toConversation(actor, row, messages, blocked);
}

/** The followers of one business together: a flood of messages waits, whoever sends it. */
async function businessQuota(ctx: AppContext, establishmentId: string) {
  const { count } = await hitCounter(ctx.db, `messages:establishment:${establishmentId}`, 3_600_000);
  if (count > MESSAGES_PER_BUSINESS_PER_HOUR)
    throw new AppError(429, ErrorCode.RATE_LIMITED, ConversationMsg.businessBusy);
}

/** Record a message and its event (the other side's notice and webhooks follow from it). */
export async function write(
  outbox: Outbox,
  conversation: { id: string; establishmentId: string; followerId: string; postId: string | null },
  actor: Actor,
  message: { text: string; picture: string | null; fromBusiness: boolean },
  at: Date,
) {
  const { text, fromBusiness } = message;
  const messageId = await repo.insertMessage(outbox.db, {
    conversationId: conversation.id,
    authorId: actor.id,
    ...message,
    at,
  });
  await outbox.emit({
    type: 'message.created',
    establishmentId: conversation.establishmentId,
    subjectId: messageId,
    actorId: actor.id,
    data: {
      conversationId: conversation.id,
      messageId,
      followerId: conversation.followerId,
      postId: conversation.postId,
      text,
      fromBusiness,
    },
    at,
  });
}

/**
 * Ask the business: a follower writes to it, adding to their open conversation with it, else
 * opening one. A blocked follower, or a blocked or deleted business, takes no message (403, no
 * reason given); an unknown business is 404.
 */
export async function start(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  body: StartConversationBody,
): Promise<Conversation> {
  const establishment = await repo.findEstablishment(ctx.db, establishmentId);
  if (!establishment || establishment.deletedAt) throw notFound();
  authorize(actor, 'conversation:start', { establishmentId });
  if (establishment.blockedAt || (await repo.isBlocked(ctx.db, establishmentId, actor.id)))
    throw cannotWrite();
  // The post it is asked from must be the business's: not any id, nor another business's post.
  if (body.postId && !(await repo.isPostOf(ctx.db, body.postId, establishmentId)))
    throw fieldError('postId', POST_ID_INVALID);
  await businessQuota(ctx, establishmentId);
  const at = ctx.now();
  const id = await withOutbox(ctx, async (outbox) => {
    const open = await repo.findOpenConversation(outbox.db, establishmentId, actor.id);
    const postId = open ? null : (body.postId ?? null);
    const conversationId =
      open ??
      (await repo.insertConversation(outbox.db, { establishmentId, followerId: actor.id, postId, at }));
    await write(
      outbox,
      { id: conversationId, establishmentId, followerId: actor.id, postId },
      actor,
      { text: body.text, picture: null, fromBusiness: false },
      at,
    );
    return conversationId;
  });
  return answer(ctx, actor, id);
}

/** Read a conversation: its follower, the business's operators, admins (recorded). */
export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Conversation> {
  const row = await loadConversation(ctx, actor, id);
  await auditStaff(ctx, actor, row, 'read');
  return answer(ctx, actor, id);
}

/**
 * May the actor write in the conversation now: its follower (not blocked), or an operator as the
 * business; not once it is closed. Returns whether they write as the business.
 */
export async function admitWriter(ctx: AppContext, actor: Actor, row: ConversationRow): Promise<boolean> {
  const fromBusiness = readsAsBusiness(actor, row);
  authorize(actor, fromBusiness ? 'conversation:manage' : 'conversation:write', resourceOf(row));
  if (isClosed(row)) throw closedAlready();
  if (!fromBusiness && (await repo.isBlocked(ctx.db, row.establishmentId, actor.id))) throw cannotWrite();
  return fromBusiness;
}

/** The picture to attach: uploaded to this conversation and in no message yet, else 400 on `picture`. */
async function pictureToAttach(ctx: AppContext, row: ConversationRow, picture: string | undefined) {
  if (picture === undefined) return null;
  if (!(await pictureStored(ctx.config.dataDir, row.id, picture)))
    throw fieldError('picture', ConversationMsg.pictureNotFound);
  if (await pictureShown(ctx.db, row.id, picture)) throw fieldError('picture', ConversationMsg.pictureUsed);
  return picture;
}

/** Write in a conversation (words, a picture or both): its follower, or an operator as the business. */
export async function send(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: MessageBody,
): Promise<Conversation> {
  const row = await loadConversation(ctx, actor, id);
  const fromBusiness = await admitWriter(ctx, actor, row);
  if (!fromBusiness) await businessQuota(ctx, row.establishmentId);
  else await auditStaff(ctx, actor, row, 'reply');
  const picture = await pictureToAttach(ctx, row, body.picture);
  await withOutbox(ctx, (outbox) =>
    write(outbox, row, actor, { text: body.text, picture, fromBusiness }, ctx.now()),
  );
  return answer(ctx, actor, id);
}

/** Close a conversation: an operator of the business. */
export async function close(ctx: AppContext, actor: Actor, id: string): Promise<Conversation> {
  const row = await loadConversation(ctx, actor, id);
  authorize(actor, 'conversation:manage', resourceOf(row));
  await auditStaff(ctx, actor, row, 'close');
  await repo.close(ctx.db, id, actor.id, ctx.now());
  return answer(ctx, actor, id);
}

/** Stop the conversation's follower from messaging the business, or let them again: an operator. */
export async function setBlocked(
  ctx: AppContext,
  actor: Actor,
  id: string,
  blocked: boolean,
): Promise<Conversation> {
  const row = await loadConversation(ctx, actor, id);
  authorize(actor, 'conversation:manage', resourceOf(row));
  await auditStaff(ctx, actor, row, blocked ? 'block' : 'unblock');
  await repo.setBlocked(ctx.db, row.establishmentId, row.followerId, blocked, actor.id);
  return answer(ctx, actor, id);
}
