import type { Preference, PreferenceGroup, Translations } from '../../../shared/schemas/preference.schema';
import type { TranslatedNames } from '../../db/schema';
import type { GroupWithCount, PreferenceWithGroup } from './preferences.repo';

/** Only non-empty translations leave (and are stored): an empty one means "use the English name". */
export function cleanTranslations(translations: Translations | undefined): TranslatedNames {
  const clean: TranslatedNames = {};
  for (const [language, text] of Object.entries(translations ?? {})) {
    if (text?.trim()) clean[language as keyof TranslatedNames] = text.trim();
  }
  return clean;
}

/** A group as everyone may see it (the register page lists them). */
export function toGroupDto(row: GroupWithCount): PreferenceGroup {
  return {
    id: row.id,
    name: row.name,
    translations: cleanTranslations(row.translations),
    preferenceCount: Number(row.preferenceCount),
  };
}

/** A preference with its group's name and how many users picked it (a count, never who). */
export function toPreferenceDto(row: PreferenceWithGroup): Preference {
  return {
    id: row.id,
    name: row.name,
    translations: cleanTranslations(row.translations),
    groupId: row.groupId,
    groupName: row.groupName,
    userCount: Number(row.userCount),
  };
}
