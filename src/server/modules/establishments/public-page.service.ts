import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PublicEstablishment } from '../../../shared/schemas/establishment.schema';
import type { VisitSource } from '../../../shared/schemas/report-sources';
import type { AppContext, AuthedActor } from '../../context';
import { followEvent, unfollowEvent } from '../../events/event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import type { CachedJson } from '../../lib/http-cache';
import { deleteGuestIfUnfollowed } from '../account';
import { stateOf, toGalleryDto, toPublicEstablishmentDto } from './establishment.dto';
import { establishmentBlocked, establishmentGone, loadEstablishment } from './establishment-access';
import * as repo from './establishments.repo';
import * as galleryRepo from './gallery.repo';
import * as membersRepo from './members.repo';
import { PUBLIC_PROFILE_MAX_AGE_S, publicProfileCacheOf } from './public-profile-cache';

/** The public page's data as a guest sees it. Unknown and deleted: 404; blocked: 403 with its own code. */
async function loadGuestProfile(ctx: AppContext, idOrPublicId: string): Promise<PublicEstablishment> {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  const state = row ? stateOf(row) : 'deleted';
  if (!row || state === 'deleted') throw establishmentGone();
  if (state === 'blocked') throw establishmentBlocked();
  return toPublicEstablishmentDto(
    row,
    (await galleryRepo.listGallery(ctx.db, row.id)).map(toGalleryDto),
    null,
  );
}

/** The guest's profile, from this process's cache (public-profile-cache.ts) or the database. */
const cachedGuestProfile = (ctx: AppContext, idOrPublicId: string) =>
  publicProfileCacheOf(ctx).get(idOrPublicId.toLowerCase(), () => loadGuestProfile(ctx, idOrPublicId));

/** What a signed-in caller's page adds, from their own session: whether they follow or operate it. */
const viewerOf = (actor: AuthedActor, establishmentId: string): PublicEstablishment['viewer'] => {
  const membership = actor.establishments.find((m) => m.establishmentId === establishmentId);
  return { following: membership !== undefined, operating: membership?.kind === 'client' };
};

/** The public page's data (a signed-in caller also learns whether they follow it). */
export async function publicProfile(
  ctx: AppContext,
  actor: AuthedActor | null,
  idOrPublicId: string,
): Promise<PublicEstablishment> {
  const { profile } = await cachedGuestProfile(ctx, idOrPublicId);
  return actor ? { ...profile, viewer: viewerOf(actor, profile.id) } : profile;
}

/**
 * The public profile's answer serialized, with its entity tag and caching rule: a guest's is the
 * cached body itself, public for PUBLIC_PROFILE_MAX_AGE_S; a signed-in caller's carries their own
 * `viewer`, so it is private and revalidated each time (no-cache), its tag the guest's plus the viewer.
 */
export async function publicProfileAnswer(
  ctx: AppContext,
  actor: AuthedActor | null,
  idOrPublicId: string,
): Promise<CachedJson> {
  const cached = await cachedGuestProfile(ctx, idOrPublicId);
  if (!actor) {
    return {
      body: cached.guestBody,
      etag: cached.etag,
      cacheControl: `public, max-age=${PUBLIC_PROFILE_MAX_AGE_S}`,
    };
  }
  const viewer = viewerOf(actor, cached.profile.id)!;
  return {
    body: JSON.stringify({ establishment: { ...cached.profile, viewer } }),
    etag: `W/${cached.etag.slice(0, -1)}-${viewer.following ? 'f' : 'n'}${viewer.operating ? 'o' : 'n'}"`,
    cacheControl: 'private, no-cache',
  };
}

/** Follow an active establishment; an operator stays an operator. */
export async function follow(
  ctx: AppContext,
  actor: AuthedActor,
  idOrPublicId: string,
  source: VisitSource = 'direct',
) {
  const row = await loadEstablishment(ctx, idOrPublicId);
  if (row.blockedAt) throw establishmentBlocked();
  if (!row.active) throw new AppError(409, ErrorCode.ESTABLISHMENT_INACTIVE, Msg.establishmentInactive);
  await withOutbox(ctx, async ({ db, emit }) => {
    const followed = await membersRepo.insertFollower(db, actor.id, row.id, source);
    // Its welcome follows from the event, at once if this follower already has a device.
    if (followed) await emit(followEvent(actor.id, row.id, actor.id, source));
  });
  return { establishmentId: row.id, following: true, message: Msg.followed };
}

/** Stop following; operators leave through an admin. */
export async function unfollow(ctx: AppContext, actor: AuthedActor, idOrPublicId: string) {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  if (!row) throw establishmentGone();
  await withOutbox(ctx, async ({ db, emit }) => {
    const existing = await membersRepo.findMembership(db, actor.id, row.id);
    if (existing?.kind !== 'customer') return;
    if (await membersRepo.deleteMembership(db, actor.id, row.id))
      await emit(unfollowEvent(actor.id, row.id, actor.id));
    // A guest who follows nothing any more leaves nothing behind: its device and session go too.
    if (actor.guest) await deleteGuestIfUnfollowed(db, actor.id);
  });
  return { establishmentId: row.id, following: false, message: Msg.unfollowed };
}

/** The public page's address, which the QR code and share links carry. */
export async function publicUrlOf(
  ctx: AppContext,
  idOrPublicId: string,
): Promise<{ url: string; name: string }> {
  const row = await loadEstablishment(ctx, idOrPublicId);
  return { url: `${ctx.config.publicUrl}/${row.publicId}`, name: row.name };
}
