import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import type { FeedPage, Post, ScheduledList } from '../../../shared/schemas/notification.schema';
import type { AppContext } from '../../context';
import { countOutcomesOf, targetsOf } from '../../delivery';
import { AppError, fieldError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import type { SerializedJson } from '../../lib/http-cache';
import { feedSourcesOf, findEstablishmentForReader } from './establishment-refs.repo';
import { expectedFirstPage, followersFirstPage, sendersFirstPage } from './followers-feed';
import { recordVisit } from './member-visits.repo';
import {
  decodeCursor,
  encodeCursor,
  type ManagerView,
  toDeliveryFigures,
  toPostDto,
} from './notification.dto';
import { establishmentGone, loadEstablishment, loadPost, maySend, resourceOf } from './post-access';
import { engagementOf } from './post-engagement.repo';
import * as repo from './posts.repo';

/** Delivery figures and targeting of the posts the actor may send for; the others' stay unsaid. */
async function managerViewsFor(ctx: AppContext, actor: Actor, rows: repo.PostRow[]) {
  const managed = rows.filter((row) =>
    maySend(actor, { id: row.establishmentId, registeredById: row.registeredById }),
  );
  const ids = managed.map((row) => row.id);
  const [counts, targets] = await Promise.all([
    countOutcomesOf(ctx.database.sql, ids),
    targetsOf(ctx.db, ids),
  ]);
  const views = new Map<string, ManagerView>();
  for (const row of managed) {
    views.set(row.id, {
      delivery: toDeliveryFigures(row, counts.get(row.id)),
      targets: targets.get(row.id) ?? [],
    });
  }
  return views;
}

async function toPage(ctx: AppContext, actor: Actor, rows: repo.PostRow[], limit: number): Promise<FeedPage> {
  const items = rows.slice(0, limit);
  const [views, engagement] = await Promise.all([
    managerViewsFor(ctx, actor, items),
    engagementOf(
      ctx.database.sql,
      actor.id,
      items.map((row) => row.id),
    ),
  ]);
  return {
    items: items.map((row) => toPostDto(row, views.get(row.id) ?? null, engagement.get(row.id))),
    nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null,
  };
}

function cursorOf(cursor: string | undefined) {
  const decoded = decodeCursor(cursor);
  if (cursor && !decoded) throw fieldError('cursor', 'This page link is not valid. Reload the feed.');
  return decoded;
}

/** A page of an establishment's feed, for its senders (all=true: push-only sends too) and followers. */
export async function listEstablishmentPosts(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
  query: { cursor?: string; limit: number; all?: boolean },
): Promise<FeedPage | SerializedJson> {
  // A first page also reads the reader's reactions to the newest posts, in the same statement.
  const found = query.cursor
    ? undefined
    : await findEstablishmentForReader(ctx.db, establishmentIdOrPublicId, actor.id, query.limit + 1);
  const establishment = query.cursor
    ? await loadEstablishment(ctx, establishmentIdOrPublicId)
    : found?.establishment;
  if (!establishment || establishment.deletedAt) throw establishmentGone();
  // Its senders and its followers, with a confirmed email (can()).
  authorize(actor, 'notificationPost:read', resourceOf(establishment));
  if (establishment.blockedAt && !maySend(actor, establishment)) {
    throw new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);
  }
  // A follower's first page: from the feed cache, checked against the version just read.
  if (found && !maySend(actor, establishment)) {
    await recordVisit(ctx.database.sql, actor.id!, establishment.id, ctx.now());
    return followersFirstPage(ctx, actor.id, [establishment], query.limit, {
      readerReactions: found.readerReactions,
    });
  }
  // A sender's: the same posts, with their delivery figures and targets read fresh.
  if (found && !query.all) {
    const page = await sendersFirstPage(ctx, actor, establishment, query.limit, found.readerReactions);
    if (page) return page;
  }
  const rows = await repo.listEstablishmentPosts(ctx.db, establishment.id, {
    includePushOnly: Boolean(query.all) && maySend(actor, establishment),
    cursor: cursorOf(query.cursor),
    limit: query.limit + 1,
  });
  return toPage(ctx, actor, rows, query.limit);
}

/** The social feed: posts of every establishment the actor follows or operates (a confirmed email first). */
export async function feed(
  ctx: AppContext,
  actor: Actor,
  query: { cursor?: string; limit: number },
): Promise<FeedPage | SerializedJson> {
  authorize(actor, 'feed:read');
  // The first page of someone who sends for none of what they follow: from the feed cache.
  if (!query.cursor) {
    // The reader's reactions are read with the versions, for the page the cache expects to serve.
    const expected = expectedFirstPage(
      ctx,
      actor.establishments.map((m) => m.establishmentId),
      query.limit,
    );
    const { sources, readerReactions } = await feedSourcesOf(ctx.db, actor.id, expected);
    if (!sources.some((source) => maySend(actor, source))) {
      return followersFirstPage(ctx, actor.id, sources, query.limit, {
        readerReactions,
        coveredIds: new Set(expected),
      });
    }
  }
  const rows = await repo.listFeed(ctx.db, actor.id, {
    cursor: cursorOf(query.cursor),
    limit: query.limit + 1,
  });
  return toPage(ctx, actor, rows, query.limit);
}

/** A list of scheduled sends holds at most this many (90 days of several a day). */
export const SCHEDULED_LIST_MAX = 500;

/** An establishment's scheduled sends still waiting, soonest first: for those who may send for it. */
export async function listScheduled(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
): Promise<ScheduledList> {
  const establishment = await loadEstablishment(ctx, establishmentIdOrPublicId);
  authorize(actor, 'notificationPost:create', resourceOf(establishment));
  const rows = await repo.listScheduled(ctx.db, establishment.id, SCHEDULED_LIST_MAX);
  const { items } = await toPage(ctx, actor, rows, rows.length);
  return { items };
}

/** One post or notification, with delivery figures and targeting for those who may send for its establishment. */
export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Post> {
  const row = await loadPost(ctx, actor, id);
  const [views, engagement] = await Promise.all([
    managerViewsFor(ctx, actor, [row]),
    engagementOf(ctx.database.sql, actor.id, [row.id]),
  ]);
  return toPostDto(row, views.get(row.id) ?? null, engagement.get(row.id));
}
