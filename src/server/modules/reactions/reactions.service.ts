import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can, type Right } from '../../../shared/permissions';
import type { ReactionSummary } from '../../../shared/schemas/notification.schema';
import type { ReactionList, ReactionListQuery } from '../../../shared/schemas/reaction.schema';
import type { ReactionKind } from '../../../shared/schemas/reaction-kinds';
import type { AppContext } from '../../context';
import { reactionSetEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { engagementOf, NO_ENGAGEMENT } from '../notifications';
import { decodeCursor, encodeCursor } from '../notifications/notification.dto';
import * as repo from './reactions.repo';

/**
 * The post a reaction is about, once the actor may act on it: it exists (not deleted, nor its
 * establishment), the right holds for its establishment (can()), its establishment is not blocked
 * (as in the feeds: only those who may send for it still see it), and it is a post in the feeds now
 * (not a push-only notification, not a send still scheduled).
 */
async function loadTarget(ctx: AppContext, actor: Actor, id: string, right: Right) {
  const row = await repo.findReactionTarget(ctx.db, id);
  if (!row) throw notFound();
  const resource = { establishmentId: row.establishmentId, registeredById: row.registeredById };
  authorize(actor, right, resource);
  if (row.blockedAt && !can(actor, 'notificationPost:create', resource)) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  }
  if (!row.inFeed || row.status === 'scheduled') throw notFound();
  return row;
}

/** The post's reactions as the actor now sees them. */
async function summaryOf(ctx: AppContext, actor: Actor, id: string): Promise<ReactionSummary> {
  const engagement = await engagementOf(ctx.database.sql, actor.id, [id]);
  return (engagement.get(id) ?? NO_ENGAGEMENT).reactions;
}

/** Set or change the actor's reaction to a post: a follower or operator of its establishment, an admin. */
export async function setReaction(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: ReactionKind,
): Promise<ReactionSummary> {
  const post = await loadTarget(ctx, actor, id, 'reaction');
  await withOutbox(ctx, async ({ db, emit }) => {
    await repo.upsertReaction(db, post.id, actor.id, kind);
    await emit(reactionSetEvent(post, actor.id, kind));
  });
  return summaryOf(ctx, actor, post.id);
}

/** Take back the actor's reaction; having none is no error. */
export async function removeReaction(ctx: AppContext, actor: Actor, id: string): Promise<ReactionSummary> {
  const post = await loadTarget(ctx, actor, id, 'reaction');
  await withOutbox(ctx, async ({ db, emit }) => {
    if (!(await repo.deleteReaction(db, post.id, actor.id))) return;
    await emit(reactionSetEvent(post, actor.id, null));
  });
  return summaryOf(ctx, actor, post.id);
}

/** Who reacted, newest first: for those who may send for the post's establishment (reaction:list). */
export async function listReactions(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: ReactionListQuery & { limit: number },
): Promise<ReactionList> {
  const post = await loadTarget(ctx, actor, id, 'reaction:list');
  const cursor = decodeCursor(query.cursor);
  if (query.cursor && !cursor) throw fieldError('cursor', 'This page link is not valid. Reload the list.');
  const rows = await repo.listReactions(ctx.db, post.id, {
    kind: query.kind,
    cursor,
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      user: {
        id: row.userId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        avatar: row.avatar,
      },
      kind: row.kind,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.userId }) : null,
  };
}
