import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type PreferenceGroupRow,
  type PreferenceRow,
  preferenceGroups,
  preferences,
  type TranslatedNames,
  userPreferences,
} from '../../db/schema';

export type GroupWithCount = PreferenceGroupRow & { preferenceCount: number };
export type PreferenceWithGroup = PreferenceRow & { groupName: string; userCount: number };

// The outer column is written out in full: in a one-table query Drizzle leaves column names
// unqualified, and a bare "id" inside the subquery would name the subquery's own row.
const preferenceCount = sql<number>`(SELECT count(*)::int FROM ${preferences} p WHERE p.group_id = ${sql.identifier('preference_groups')}.${sql.identifier('id')})`;
const userCount = sql<number>`(SELECT count(*)::int FROM ${userPreferences} up WHERE up.preference_id = ${sql.identifier('preferences')}.${sql.identifier('id')})`;

const groupColumns = {
  id: preferenceGroups.id,
  name: preferenceGroups.name,
  translations: preferenceGroups.translations,
  createdAt: preferenceGroups.createdAt,
  updatedAt: preferenceGroups.updatedAt,
  preferenceCount,
};

/** Every group, by name, with how many preferences it holds. */
export async function listGroups(db: Db): Promise<GroupWithCount[]> {
  return db
    .select(groupColumns)
    .from(preferenceGroups)
    .orderBy(asc(sql`lower(${preferenceGroups.name})`), asc(preferenceGroups.id));
}

export async function findGroup(db: Db, id: string): Promise<GroupWithCount | undefined> {
  const [row] = await db.select(groupColumns).from(preferenceGroups).where(eq(preferenceGroups.id, id));
  return row;
}

export async function insertGroup(db: Db, values: { name: string; translations: TranslatedNames }) {
  const [row] = await db.insert(preferenceGroups).values(values).returning({ id: preferenceGroups.id });
  return row!.id;
}

/** False when no such group. */
export async function updateGroup(
  db: Db,
  id: string,
  values: Partial<{ name: string; translations: TranslatedNames }>,
): Promise<boolean> {
  const rows = await db
    .update(preferenceGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(preferenceGroups.id, id))
    .returning({ id: preferenceGroups.id });
  return rows.length > 0;
}

/**
 * Delete a group that holds no preference: 'deleted', 'missing', or 'notEmpty'. The check and the
 * delete are one statement, so a preference added meanwhile keeps its group (the foreign key
 * restricts too).
 */
export async function deleteEmptyGroup(db: Db, id: string): Promise<'deleted' | 'missing' | 'notEmpty'> {
  const rows = await db
    .delete(preferenceGroups)
    .where(
      sql`${preferenceGroups.id} = ${id} AND NOT EXISTS (SELECT 1 FROM ${preferences} p WHERE p.group_id = ${id})`,
    )
    .returning({ id: preferenceGroups.id });
  if (rows.length > 0) return 'deleted';
  return (await findGroup(db, id)) ? 'notEmpty' : 'missing';
}

function preferenceQuery(db: Db) {
  return db
    .select({
      id: preferences.id,
      groupId: preferences.groupId,
      name: preferences.name,
      translations: preferences.translations,
      createdAt: preferences.createdAt,
      updatedAt: preferences.updatedAt,
      groupName: preferenceGroups.name,
      userCount,
    })
    .from(preferences)
    .innerJoin(preferenceGroups, eq(preferenceGroups.id, preferences.groupId));
}

/** Every preference with its group, by group name then name. */
export async function listPreferences(db: Db): Promise<PreferenceWithGroup[]> {
  return preferenceQuery(db).orderBy(
    asc(sql`lower(${preferenceGroups.name})`),
    asc(preferenceGroups.id),
    asc(sql`lower(${preferences.name})`),
    asc(preferences.id),
  );
}

export async function findPreference(db: Db, id: string): Promise<PreferenceWithGroup | undefined> {
  const [row] = await preferenceQuery(db).where(eq(preferences.id, id));
  return row;
}

export async function insertPreference(
  db: Db,
  values: { groupId: string; name: string; translations: TranslatedNames },
): Promise<string> {
  const [row] = await db.insert(preferences).values(values).returning({ id: preferences.id });
  return row!.id;
}

/** False when no such preference. */
export async function updatePreference(
  db: Db,
  id: string,
  values: Partial<{ groupId: string; name: string; translations: TranslatedNames }>,
): Promise<boolean> {
  const rows = await db
    .update(preferences)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(preferences.id, id))
    .returning({ id: preferences.id });
  return rows.length > 0;
}

/** Users' picks of it go with it (cascade); sends targeted at it keep its name. False when none. */
export async function deletePreference(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(preferences).where(eq(preferences.id, id)).returning({ id: preferences.id });
  return rows.length > 0;
}

/** Those of these ids that exist, with their English names. */
export async function findPreferencesByIds(db: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: preferences.id, name: preferences.name })
    .from(preferences)
    .where(inArray(preferences.id, ids));
}

/** The ids of the preferences a user picked. */
export async function listPicks(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userPreferences.preferenceId })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .orderBy(asc(userPreferences.preferenceId));
  return rows.map((row) => row.id);
}

/** Replace a user's picks with these (existing) preferences; call inside a transaction. */
export async function replacePicks(db: Db, userId: string, preferenceIds: string[]): Promise<void> {
  await db.delete(userPreferences).where(eq(userPreferences.userId, userId));
  if (preferenceIds.length === 0) return;
  await db
    .insert(userPreferences)
    .values(preferenceIds.map((preferenceId) => ({ userId, preferenceId })))
    .onConflictDoNothing();
}
