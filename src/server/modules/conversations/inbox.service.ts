import type { Actor } from '../../../shared/permissions';
import {
  ConversationMsg,
  type ConversationPage,
  type InboxQuery,
} from '../../../shared/schemas/conversation.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { decodeCursor, encodeCursor } from '../notifications/notification.dto';
import { toSummary } from './conversation.dto';
import * as repo from './conversations.repo';

/** The lists: a business's shared inbox, and a follower's own conversations. */

type Query = { filter: NonNullable<InboxQuery['filter']>; cursor?: string; limit: number };

async function page(
  ctx: AppContext,
  owner: { establishmentId: string } | { followerId: string },
  query: Query,
  unread: Promise<number>,
): Promise<ConversationPage> {
  const cursor = decodeCursor(query.cursor);
  if (query.cursor && !cursor) throw fieldError('cursor', ConversationMsg.invalidCursor);
  const [rows, count] = await Promise.all([
    repo.listConversations(ctx.db, owner, query.filter, cursor, query.limit + 1),
    unread,
  ]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toSummary(row, 'establishmentId' in owner)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.lastMessageAt, id: last.id }) : null,
    unread: count,
  };
}

async function loadEstablishment(ctx: AppContext, actor: Actor, id: string) {
  const establishment = await repo.findEstablishment(ctx.db, id);
  if (!establishment || establishment.deletedAt) throw notFound();
  authorize(actor, 'conversation:manage', { establishmentId: id });
  return establishment;
}

/** The business's inbox, newest first: its operators; an admin's look is recorded. */
export async function listInbox(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  query: Query,
): Promise<ConversationPage> {
  const establishment = await loadEstablishment(ctx, actor, establishmentId);
  // Only an admin manages a business they do not operate.
  await auditOnBehalf(ctx.db, actor, establishment, {
    action: 'conversation.read',
    detail: { inbox: true, filter: query.filter },
  });
  return page(ctx, { establishmentId }, query, repo.unreadOfEstablishment(ctx.db, establishmentId));
}

/** The sidebar's count of the business's unread open conversations. */
export async function inboxUnread(ctx: AppContext, actor: Actor, establishmentId: string) {
  await loadEstablishment(ctx, actor, establishmentId);
  return { unread: await repo.unreadOfEstablishment(ctx.db, establishmentId) };
}

/** The signed-in user's own conversations with businesses. */
export async function listMine(ctx: AppContext, actor: Actor, query: Query): Promise<ConversationPage> {
  return page(ctx, { followerId: actor.id }, query, repo.unreadOfFollower(ctx.db, actor.id));
}
