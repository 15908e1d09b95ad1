import { Msg } from '../../../shared/messages';
import type { Actor } from '../../../shared/permissions';
import { postPath } from '../../../shared/push/payload';
import type {
  FollowList,
  FollowNotify,
  NotifyBody,
  UnsubscribeInfo,
} from '../../../shared/schemas/notify.schema';
import { PAUSED_UNTIL_RESUMED } from '../../../shared/schemas/notify.schema';
import type { AppContext, AuthedActor } from '../../context';
import { recordEmailClick } from '../../delivery';
import { fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { readEmailOpenToken, readUnsubscribeToken } from '../../mail/email-links';
import { findEstablishmentRef } from '../notifications';
import * as repo from './notify.repo';

/** How each follower is told of each business's sends: their choice, and email's links. */

const DAY_MS = 24 * 3600_000;

const toDto = (row: repo.FollowRow): FollowNotify => ({
  establishment: {
    id: row.establishmentId,
    publicId: row.publicId,
    name: row.name,
    logo: row.logo,
    blocked: Boolean(row.blocked),
  },
  notify: row.notify,
  // A pause that is over is no pause.
  pausedUntil:
    row.pausedUntil && row.pausedUntil.getTime() > Date.now() ? row.pausedUntil.toISOString() : null,
});

/** Every business the actor follows or operates, with their choice and what email can do for them. */
export async function listFollows(ctx: AppContext, actor: AuthedActor): Promise<FollowList> {
  authorize(actor, 'feed:read');
  const [rows, state] = await Promise.all([
    repo.followsOf(ctx.db, actor.id),
    repo.emailStateOf(ctx.db, actor.id),
  ]);
  return {
    items: rows.map(toDto),
    marketingConsent: Boolean(state?.marketingConsent),
    emailBounced: Boolean(state?.emailBounced),
    hasDevice: Boolean(state?.hasDevice),
  };
}

/** When a pause asked for now ends; null resumes; undefined leaves the pause as it is. */
function pauseEnd(pause: NotifyBody['pause'], now: number): Date | null | undefined {
  if (pause === undefined) return undefined;
  if (pause === null) return null;
  if (pause === 'day') return new Date(now + DAY_MS);
  if (pause === 'week') return new Date(now + 7 * DAY_MS);
  return new Date(PAUSED_UNTIL_RESUMED);
}

/**
 * The actor's choice for a business they follow. Email needs their consent: given here with the
 * choice, or 400 on `marketingConsent` saying so.
 */
export async function setChoice(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
  body: NotifyBody,
): Promise<{ follow: FollowNotify; message: string }> {
  const establishment = await findEstablishmentRef(ctx.db, establishmentIdOrPublicId);
  if (!establishment || establishment.deletedAt) throw notFound(Msg.establishmentNotFound);
  authorize(actor, 'customerEstablishment', { establishmentId: establishment.id });
  if (body.notify === 'email' || body.notify === 'both') {
    const state = await repo.emailStateOf(ctx.db, actor.id);
    if (!state?.marketingConsent) {
      if (!body.marketingConsent) throw fieldError('marketingConsent', Msg.emailNeedsConsent);
      await repo.giveMarketingConsent(ctx.db, actor.id);
    }
  }
  const pausedUntil = pauseEnd(body.pause, ctx.now().getTime());
  const row = await repo.setChoice(ctx.db, actor.id, establishment.id, {
    notify: body.notify,
    ...(pausedUntil !== undefined ? { pausedUntil } : {}),
  });
  if (!row) throw notFound(Msg.notFollowing);
  return { follow: toDto(row), message: Msg.changesSaved };
}

function unsubscribeIds(ctx: AppContext, token: string) {
  const ids = readUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!ids) throw notFound();
  return ids;
}

/** What an unsubscribe link stops: the business, and whether it still emails this person. */
export async function unsubscribeInfo(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const { userId, establishmentId } = unsubscribeIds(ctx, token);
  const target = await repo.unsubscribeTarget(ctx.db, userId, establishmentId);
  if (!target) throw notFound(Msg.notFollowing);
  return {
    establishment: { name: target.name, publicId: target.publicId },
    emailing: Boolean(target.emailing),
  };
}

/** Stop this business's emails to the person its signed link was sent to (no session: the link proves it). */
export async function unsubscribe(ctx: AppContext, token: string): Promise<string> {
  const { userId, establishmentId } = unsubscribeIds(ctx, token);
  if (!(await repo.stopEmail(ctx.db, userId, establishmentId))) throw notFound(Msg.notFollowing);
  return Msg.emailUnsubscribed;
}

/**
 * A link of an email, counted: Open goes to the business's own link when it gave one, else the
 * post; a button to the URL stored at its index; the business if the post was deleted, or for a
 * welcome (which has no post).
 */
export async function openFromEmail(ctx: AppContext, token: string): Promise<string> {
  const ids = readEmailOpenToken(ctx.config.jwtSecret, token);
  if (!ids) throw notFound();
  // Tracking turned off: links of emails sent before still lead on, uncounted.
  const count = ctx.config.email.clickTracking;
  const post = await recordEmailClick(ctx.database.sql, ids.notificationId, ids.userId, ids.target, count);
  if (!post) throw notFound();
  if (post.deleted || post.welcome) return `/app/establishment/${post.establishmentId}`;
  if (post.actionUrl) return post.actionUrl;
  return post.linkUrl ?? postPath(post.establishmentId, ids.notificationId);
}
