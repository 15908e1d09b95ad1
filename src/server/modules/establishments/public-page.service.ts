import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { PublicEstablishment } from '../../../shared/schemas/establishment.schema';
import type { VisitSource } from '../../../shared/schemas/report-sources';
import type { AppContext, AuthedActor } from '../../context';
import { AppError } from '../../lib/app-error';
import { stateOf, toGalleryDto, toPublicEstablishmentDto } from './establishment.dto';
import { establishmentBlocked, establishmentGone, loadEstablishment } from './establishment-access';
import * as repo from './establishments.repo';

/** The public page's data. Unknown and deleted: 404; blocked: 403 with its own code. */
export async function publicProfile(
  ctx: AppContext,
  actor: AuthedActor | null,
  idOrPublicId: string,
): Promise<PublicEstablishment> {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  const state = row ? stateOf(row) : 'deleted';
  if (!row || state === 'deleted') throw establishmentGone();
  if (state === 'blocked') throw establishmentBlocked();
  const membership = actor?.establishments.find((m) => m.establishmentId === row.id);
  return toPublicEstablishmentDto(
    row,
    (await repo.listGallery(ctx.db, row.id)).map(toGalleryDto),
    actor ? { following: membership !== undefined, operating: membership?.kind === 'client' } : null,
  );
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
  await repo.insertFollower(ctx.db, actor.id, row.id, source);
  return { establishmentId: row.id, following: true, message: Msg.followed };
}

/** Stop following; operators leave through an admin. */
export async function unfollow(ctx: AppContext, actor: AuthedActor, idOrPublicId: string) {
  const row = await repo.findEstablishment(ctx.db, idOrPublicId);
  if (!row) throw establishmentGone();
  const existing = await repo.findMembership(ctx.db, actor.id, row.id);
  if (existing?.kind === 'customer') await repo.deleteMembership(ctx.db, actor.id, row.id);
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
