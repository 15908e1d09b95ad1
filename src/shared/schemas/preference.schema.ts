import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { FieldLabel, Msg, tooLong } from '../messages';
import { EmailPauseSchema } from './email-complaints.schema';
import { requiredText } from './fields';

/** A name in the other 7 interface languages; English is the `name` field and the fallback. */
export const TranslationsSchema = z.partialRecord(
  z.enum(LANGUAGES),
  z.string({ error: 'A translation must be text' }).trim().max(100, tooLong('translation', 100)),
);
export type Translations = z.infer<typeof TranslationsSchema>;

export const PreferenceGroupBodySchema = z.object({
  name: requiredText(FieldLabel.groupName),
  translations: TranslationsSchema.default({}),
});
export type PreferenceGroupBody = z.input<typeof PreferenceGroupBodySchema>;

export const PreferenceBodySchema = z.object({
  name: requiredText(FieldLabel.preferenceName),
  // "group is required": the spec's message when none is chosen.
  groupId: z.uuid({
    error: (issue) =>
      issue.input == null || issue.input === '' ? `${FieldLabel.group} is required` : Msg.notFound,
  }),
  translations: TranslationsSchema.default({}),
});
export type PreferenceBody = z.input<typeof PreferenceBodySchema>;

// The edits: only what is sent changes (`.partial()` would still fill in translations' default and
// wipe them on a rename).
export const PreferenceGroupPatchSchema = z.object({
  name: PreferenceGroupBodySchema.shape.name.optional(),
  translations: TranslationsSchema.optional(),
});
export const PreferencePatchSchema = z.object({
  name: PreferenceBodySchema.shape.name.optional(),
  groupId: PreferenceBodySchema.shape.groupId.optional(),
  translations: TranslationsSchema.optional(),
});

export const PreferenceGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  translations: TranslationsSchema,
  /** How many preferences it holds (a group with preferences cannot be deleted). */
  preferenceCount: z.number(),
});
export type PreferenceGroup = z.infer<typeof PreferenceGroupSchema>;

export const PreferenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  translations: TranslationsSchema,
  groupId: z.string(),
  groupName: z.string(),
  /** How many users picked it. */
  userCount: z.number(),
});
export type Preference = z.infer<typeof PreferenceSchema>;

/** At most this many preferences in one pick or one targeted send. */
export const PREFERENCE_IDS_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Chosen preference ids, each once. Every failure is the list's own (field `preferenceIds`, not
 * `preferenceIds.3`): the form shows one message beside one control.
 */
export const preferenceIdsField = z
  // A non-text item becomes '' (no id), refused below as the list's own failure.
  .array(z.string().catch(''), { error: 'preferenceIds must be a list of ids' })
  .max(PREFERENCE_IDS_MAX, `Choose at most ${PREFERENCE_IDS_MAX} preferences`)
  .refine((ids) => ids.every((id) => UUID.test(id)), Msg.preferenceNotFound)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** The preferences a user picked; replaces the whole set. */
export const PreferencePicksBodySchema = z.object({ preferenceIds: preferenceIdsField });
export type PreferencePicksBody = z.input<typeof PreferencePicksBodySchema>;

/** How many followers and devices a targeted send reaches (compose shows it live). */
export const AudienceQuerySchema = z.object({
  /** Comma-separated preference ids; empty: every follower. */
  preferenceIds: z
    .string({ error: Msg.preferenceNotFound })
    .max(4000, `Choose at most ${PREFERENCE_IDS_MAX} preferences`)
    .default('')
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(preferenceIdsField),
});
export type AudienceQuery = z.input<typeof AudienceQuerySchema>;
export const AudienceSchema = z.object({
  /** Followers (customers with a confirmed email) who picked one of the preferences; all of them without any. */
  followers: z.number(),
  /** Those followers a send reaches now, by phone, email or both (their choice, their devices, their consent). */
  reachable: z.number(),
  /** Of them, those it reaches on a phone. */
  byPhone: z.number(),
  /** Of them, those it emails. */
  byEmail: z.number(),
  /** The push subscriptions the send goes to: those followers' devices and, untargeted, the operators' too. */
  devices: z.number(),
  /** The addresses it emails. */
  emails: z.number(),
  /**
   * Of the followers it reaches, those the fatigue guard holds now (enough from this business
   * today or this week, or from all of them today): the post waits in their feed.
   */
  held: z.number(),
  /**
   * The business's email is paused for its spam complaints: no follower gets this send by email
   * (byEmail and emails are 0) until an admin lets it go again. Null (or absent): email goes out.
   */
  emailPause: EmailPauseSchema.nullable().optional(),
});
export type Audience = z.infer<typeof AudienceSchema>;

/** A preference a send was targeted at, with its English name when sent (kept after a delete). */
export const TargetSchema = z.object({ preferenceId: z.string(), name: z.string() });
export type Target = z.infer<typeof TargetSchema>;

/**
 * A preference's or group's name in a language: its translation, Austrian German falling back to
 * German, else the English name.
 */
export function nameInLanguage(item: { name: string; translations: Translations }, language: string): string {
  const translations = item.translations as Record<string, string | undefined>;
  const own = translations[language]?.trim() || (language === 'at' ? translations.de?.trim() : undefined);
  return own || item.name;
}
