import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Actor, can } from '../../../shared/permissions';
import type { EstablishmentView } from '../../../shared/schemas/establishment.schema';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { toEstablishmentDto, toFollowerEstablishmentDto } from './establishment.dto';
import * as repo from './establishments.repo';

/** What the establishment services share: loading one, and asking can() about it. */

export const establishmentGone = () => notFound(Msg.establishmentNotFound);

export const establishmentBlocked = () =>
  new AppError(403, ErrorCode.ESTABLISHMENT_BLOCKED, Msg.establishmentBlocked);

/** The establishment, unless deleted. */
export async function loadEstablishment(ctx: AppContext, id: string): Promise<repo.EstablishmentWithCounts> {
  const row = await repo.findEstablishment(ctx.db, id);
  if (!row || row.deletedAt) throw establishmentGone();
  return row;
}

/** The establishment as can() sees it. */
export const resourceOf = (row: Pick<repo.EstablishmentRow, 'id' | 'registeredById' | 'blockedAt'>) => ({
  establishmentId: row.id,
  registeredById: row.registeredById,
  blocked: row.blockedAt !== null,
});

/** The view of an establishment this actor gets: operator for who may read its private fields, else follower. */
export const viewFor = (
  ctx: AppContext,
  actor: Actor,
  row: repo.EstablishmentWithCounts,
): EstablishmentView =>
  can(actor, 'establishment:readPrivate', resourceOf(row))
    ? toEstablishmentDto(row, ctx.config.fatigue)
    : toFollowerEstablishmentDto(row);

/** Operators may change their establishment's profile; a blocked one only admins (403 ESTABLISHMENT_BLOCKED). */
export const authorizeEdit = (actor: Actor, row: repo.EstablishmentRow) =>
  authorize(actor, 'establishment:edit', resourceOf(row));

/** The establishment's row again, as the operator sees it, after a change. */
export async function reloadDto(ctx: AppContext, id: string) {
  return toEstablishmentDto((await repo.findEstablishment(ctx.db, id))!, ctx.config.fatigue);
}
