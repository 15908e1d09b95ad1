import type { Actor } from '../../../shared/permissions';
import {
  ConversationMsg,
  type ConversationPage,
  ConversationPageSchema,
  type InboxQuery,
} from '../../../shared/schemas/conversation.schema';
import { auditOnBehalf } from '../../audit/audit-on-behalf';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { SerializedJson } from '../../lib/http-cache';
import { SharedReads } from '../../lib/shared-reads';
import { decodeCursor, encodeCursor } from '../notifications/notification.dto';
import { toSummary } from './conversation.dto';
import * as repo from './conversations.repo';
import * as lists from './inbox.repo';

/** The lists: a business's shared inbox, and a follower's own conversations. */

type Query = { filter: NonNullable<InboxQuery['filter']>; cursor?: string; limit: number };

async function page(
  ctx: AppContext,
  owner: { establishmentId: string } | { followerId: string },
  query: Query,
): Promise<ConversationPage> {
  const cursor = decodeCursor(query.cursor);
  if (query.cursor && !cursor) throw fieldError('cursor', ConversationMsg.invalidCursor);
  // One statement: the page and, on each of its rows, the owner's unread count.
  const rows = await lists.listConversations(ctx.db, owner, query.filter, cursor, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const asBusiness = 'establishmentId' in owner;
  return {
    items: items.map((row) => toSummary(row, asBusiness)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.lastMessageAt, id: last.id }) : null,
    // An empty page has no row to carry the count.
    unread: rows[0]?.ownerUnread ?? (await unreadOf(ctx, owner)),
  };
}

const unreadOf = (ctx: AppContext, owner: { establishmentId: string } | { followerId: string }) =>
  'establishmentId' in owner
    ? lists.unreadOfEstablishment(ctx.db, owner.establishmentId)
    : lists.unreadOfFollower(ctx.db, owner.followerId);

async function loadEstablishment(ctx: AppContext, actor: Actor, id: string) {
  const establishment = await repo.findEstablishment(ctx.db, id);
  if (!establishment || establishment.deletedAt) throw notFound();
  authorize(actor, 'conversation:manage', { establishmentId: id });
  return establishment;
}

const sharedPages = new WeakMap<AppContext, SharedReads<SerializedJson>>();

/**
 * The business's inbox, newest first: its operators; an admin's look is recorded. A page holds
 * nothing of the reader's own (the business's side of each conversation, the business's unread
 * count), so the readers authorized for the same business and page at the same time share one
 * read and one serialization (SharedReads: each answer is as new as its request, nothing is kept).
 */
export async function listInbox(
  ctx: AppContext,
  actor: Actor,
  establishmentId: string,
  query: Query,
): Promise<ConversationPage | SerializedJson> {
  const establishment = await loadEstablishment(ctx, actor, establishmentId);
  // Only an admin manages a business they do not operate.
  await auditOnBehalf(ctx.db, actor, establishment, {
    action: 'conversation.read',
    detail: { inbox: true, filter: query.filter },
  });
  let reads = sharedPages.get(ctx);
  if (!reads) {
    reads = new SharedReads();
    sharedPages.set(ctx, reads);
  }
  const key = JSON.stringify([establishmentId, query.filter, query.cursor ?? null, query.limit]);
  return reads.read(key, async () => {
    // Through the answer's schema once, as the route's serializer would: the same JSON.
    const answer = ConversationPageSchema.parse(await page(ctx, { establishmentId }, query));
    return new SerializedJson(Buffer.from(JSON.stringify(answer)));
  });
}

/** The sidebar's count of the business's unread open conversations. */
export async function inboxUnread(ctx: AppContext, actor: Actor, establishmentId: string) {
  await loadEstablishment(ctx, actor, establishmentId);
  return { unread: await lists.unreadOfEstablishment(ctx.db, establishmentId) };
}

/** The signed-in user's own conversations with businesses. */
export async function listMine(ctx: AppContext, actor: Actor, query: Query): Promise<ConversationPage> {
  return page(ctx, { followerId: actor.id }, query);
}
