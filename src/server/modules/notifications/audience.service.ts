import type { Actor } from '../../../shared/permissions';
import type { Audience } from '../../../shared/schemas/preference.schema';
import type { AppContext } from '../../context';
import { countReach } from '../../delivery';
import { emailPauseOf } from '../complaints/email-pauses.service';
import { existingPreferences } from '../preferences/preferences.service';
import { loadForSending } from './post-access';

/**
 * How many followers and devices a send with these preferences would reach now (compose shows it
 * live): who may send for the establishment asks, as they would send (same rights, same refusals).
 * With it, whether the business's email is paused for its spam complaints, and why.
 */
export async function audience(
  ctx: AppContext,
  actor: Actor,
  establishmentIdOrPublicId: string,
  preferenceIds: string[],
): Promise<Audience> {
  const establishment = await loadForSending(ctx, actor, establishmentIdOrPublicId);
  await existingPreferences(ctx.db, preferenceIds);
  const { sql } = ctx.database;
  const [reach, emailPause] = await Promise.all([
    countReach(sql, establishment.id, preferenceIds, ctx.config.fatigue),
    emailPauseOf(ctx, sql, establishment.id),
  ]);
  return { ...reach, emailPause };
}
