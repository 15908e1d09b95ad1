import type { z } from 'zod';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type {
  Preference,
  PreferenceBodySchema,
  PreferenceGroup,
  PreferenceGroupBodySchema,
  PreferenceGroupPatchSchema,
  PreferencePatchSchema,
  Target,
} from '../../../shared/schemas/preference.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import type { TranslatedNames } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import { cleanTranslations, toGroupDto, toPreferenceDto } from './preference.dto';
import * as repo from './preferences.repo';

const groupNotFound = () => fieldError('groupId', Msg.preferenceGroupNotFound, ErrorCode.NOT_FOUND);

/** PostgreSQL's foreign key violation: the group was deleted between our check and the write. */
const isForeignKeyViolation = (error: unknown) => {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23503';
};

// Preferences and their groups are the platform's, set by admins for everyone: each change is
// recorded in the audit log in its transaction, named by the preference or group.

const sameTranslations = (a: TranslatedNames, b: TranslatedNames) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The names of what a patch changes: name, group, translations. */
function changedOf(
  before: { name: string; translations: TranslatedNames; groupId?: string },
  after: { name?: string; translations?: TranslatedNames; groupId?: string },
): string[] {
  return [
    after.name !== undefined && after.name !== before.name ? 'name' : undefined,
    after.groupId !== undefined && after.groupId !== before.groupId ? 'group' : undefined,
    after.translations !== undefined &&
    !sameTranslations(after.translations, cleanTranslations(before.translations))
      ? 'translations'
      : undefined,
  ].filter((field): field is string => field !== undefined);
}

/** Every preference group (anyone: the register page and the account list them). */
export async function listGroups(ctx: AppContext): Promise<PreferenceGroup[]> {
  return (await repo.listGroups(ctx.db)).map(toGroupDto);
}

/** Every preference with its group (anyone). */
export async function listPreferences(ctx: AppContext): Promise<Preference[]> {
  return (await repo.listPreferences(ctx.db)).map(toPreferenceDto);
}

async function loadGroup(ctx: AppContext, id: string): Promise<PreferenceGroup> {
  const row = await repo.findGroup(ctx.db, id);
  if (!row) throw notFound();
  return toGroupDto(row);
}

async function loadPreference(ctx: AppContext, id: string): Promise<Preference> {
  const row = await repo.findPreference(ctx.db, id);
  if (!row) throw notFound();
  return toPreferenceDto(row);
}

/** Admins create a group: "Preference Group created!". */
export async function createGroup(
  ctx: AppContext,
  actor: AuthedActor,
  body: z.output<typeof PreferenceGroupBodySchema>,
): Promise<PreferenceGroup> {
  authorize(actor, 'preference:manage');
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertGroup(tx, {
      name: body.name,
      translations: cleanTranslations(body.translations),
    });
    await recordAudit(tx, { actorId: actor.id, action: 'preferenceGroup.create', targetLabel: body.name });
    return inserted;
  });
  return loadGroup(ctx, id);
}

/** Admins rename a group or change its translations: "Preference Group updated". */
export async function updateGroup(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  body: z.output<typeof PreferenceGroupPatchSchema>,
): Promise<PreferenceGroup> {
  authorize(actor, 'preference:manage');
  const values = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.translations !== undefined ? { translations: cleanTranslations(body.translations) } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, id);
    if (!before || !(await repo.updateGroup(tx, id, values))) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'preferenceGroup.update',
      targetLabel: values.name ?? before.name,
      detail: { changed: changedOf(before, values) },
    });
  });
  return loadGroup(ctx, id);
}

/** Admins delete an empty group; one that still holds preferences answers 409. */
export async function deleteGroup(ctx: AppContext, actor: AuthedActor, id: string): Promise<void> {
  authorize(actor, 'preference:manage');
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, id);
    const outcome = await repo.deleteEmptyGroup(tx, id);
    if (outcome === 'missing' || !before) throw notFound();
    if (outcome === 'notEmpty') throw new AppError(409, ErrorCode.CONFLICT, Msg.preferenceGroupNotEmpty);
    await recordAudit(tx, { actorId: actor.id, action: 'preferenceGroup.delete', targetLabel: before.name });
  });
}

/** Admins create a preference in an existing group: "Preference created!". */
export async function createPreference(
  ctx: AppContext,
  actor: AuthedActor,
  body: z.output<typeof PreferenceBodySchema>,
): Promise<Preference> {
  authorize(actor, 'preference:manage');
  const group = await repo.findGroup(ctx.db, body.groupId);
  if (!group) throw groupNotFound();
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertPreference(tx, {
        groupId: body.groupId,
        name: body.name,
        translations: cleanTranslations(body.translations),
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'preference.create',
        targetLabel: body.name,
        detail: { group: group.name },
      });
      return inserted;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw groupNotFound();
    throw error;
  }
  return loadPreference(ctx, id);
}

/** Admins rename a preference, move it to another group, or change its translations: "Preference updated". */
export async function updatePreference(
  ctx: AppContext,
  actor: AuthedActor,
  id: string,
  body: z.output<typeof PreferencePatchSchema>,
): Promise<Preference> {
  authorize(actor, 'preference:manage');
  if (!(await repo.findPreference(ctx.db, id))) throw notFound();
  if (body.groupId !== undefined && !(await repo.findGroup(ctx.db, body.groupId))) throw groupNotFound();
  const values = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.groupId !== undefined ? { groupId: body.groupId } : {}),
    ...(body.translations !== undefined ? { translations: cleanTranslations(body.translations) } : {}),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await repo.findPreference(tx, id);
      if (!before || !(await repo.updatePreference(tx, id, values))) throw notFound();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'preference.update',
        targetLabel: values.name ?? before.name,
        detail: { changed: changedOf(before, values) },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw groupNotFound();
    throw error;
  }
  return loadPreference(ctx, id);
}

/** Admins delete a preference; the users' picks of it go with it, sent posts keep its name. */
export async function deletePreference(ctx: AppContext, actor: AuthedActor, id: string): Promise<void> {
  authorize(actor, 'preference:manage');
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findPreference(tx, id);
    if (!before || !(await repo.deletePreference(tx, id))) throw notFound();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'preference.delete',
      targetLabel: before.name,
      detail: { group: before.groupName },
    });
  });
}

/**
 * These preferences, each with its English name, in the order given; 400 on field `preferenceIds`
 * when one does not exist (deleted since the list was loaded, or never was).
 */
export async function existingPreferences(db: Db, ids: string[]): Promise<Target[]> {
  const found = new Map((await repo.findPreferencesByIds(db, ids)).map((row) => [row.id, row.name]));
  if (found.size !== ids.length) throw fieldError('preferenceIds', Msg.preferenceNotFound);
  return ids.map((preferenceId) => ({ preferenceId, name: found.get(preferenceId)! }));
}

/** The preferences the signed-in user picked. */
export async function myPicks(ctx: AppContext, actor: AuthedActor): Promise<string[]> {
  return repo.listPicks(ctx.db, actor.id);
}

/** Replace the signed-in user's picks (an unknown id: 400 on `preferenceIds`, nothing changed). */
export async function setMyPicks(ctx: AppContext, actor: AuthedActor, ids: string[]): Promise<string[]> {
  await ctx.db.transaction((tx) => storePicks(tx, actor.id, ids));
  return repo.listPicks(ctx.db, actor.id);
}

/** Replace a user's picks inside the caller's transaction (registration stores them with the account). */
export async function storePicks(db: Db, userId: string, ids: string[]): Promise<void> {
  await existingPreferences(db, ids);
  try {
    await repo.replacePicks(db, userId, ids);
  } catch (error) {
    // Deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw fieldError('preferenceIds', Msg.preferenceNotFound);
    throw error;
  }
}
