import type { Actor } from '../../../shared/permissions';
import { can } from '../../../shared/permissions';
import type {
  Conversation,
  ConversationMessage,
  ConversationSummary,
} from '../../../shared/schemas/conversation.schema';
import type * as repo from './conversations.repo';
import type { ConversationRow } from './conversations.repo';

/** What leaves the server about conversations, as the reader's side sees them. */

type MessageRow = Awaited<ReturnType<typeof repo.listMessages>>[number];

export const resourceOf = (row: { establishmentId: string; followerId: string }) => ({
  establishmentId: row.establishmentId,
  ownerId: row.followerId,
});

/** Closed by the business, or the business is blocked or deleted. */
export const isClosed = (row: ConversationRow) => row.closedAt !== null || row.establishmentGone;

/** The reader is on the business's side (not the follower themself). */
export const readsAsBusiness = (actor: Actor, row: ConversationRow) => actor.id !== row.followerId;

export function toSummary(row: ConversationRow, asBusiness: boolean): ConversationSummary {
  return {
    id: row.id,
    establishment: { id: row.establishmentId, name: row.establishmentName, logo: row.logo },
    follower: { id: row.followerId, name: `${row.firstName} ${row.lastName}`.trim() },
    postId: row.postId,
    lastMessage: row.lastMessage ?? '',
    lastMessageAt: row.lastMessageAt.toISOString(),
    answered: row.answered,
    unread: asBusiness ? row.unreadByBusiness : row.unreadByFollower,
    closed: isClosed(row),
  };
}

function toMessage(message: MessageRow, actor: Actor, asBusiness: boolean): ConversationMessage {
  return {
    id: message.id,
    text: message.text,
    fromBusiness: message.fromBusiness,
    // The follower reads the business, never which colleague wrote.
    writtenBy:
      message.fromBusiness && asBusiness && message.firstName !== null
        ? `${message.firstName} ${message.lastName ?? ''}`.trim()
        : null,
    mine: message.authorId === actor.id,
    picture: message.picture,
    createdAt: message.createdAt.toISOString(),
  };
}

export function toConversation(
  actor: Actor,
  row: ConversationRow,
  messages: MessageRow[],
  followerBlocked: boolean,
): Conversation {
  const asBusiness = readsAsBusiness(actor, row);
  const canManage = can(actor, 'conversation:manage', resourceOf(row));
  const closed = isClosed(row);
  return {
    ...toSummary(row, asBusiness),
    // Read now: what the reader saw is no longer unread.
    unread: false,
    messages: messages.map((m) => toMessage(m, actor, asBusiness)),
    canWrite:
      !closed &&
      (asBusiness ? canManage : !followerBlocked && can(actor, 'conversation:write', resourceOf(row))),
    canManage,
    // The follower sees that they cannot write, not why.
    followerBlocked: canManage && followerBlocked,
  };
}
