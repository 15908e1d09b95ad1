import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../i18n/languages';
import { FieldLabel, tooLong } from '../messages';

/**
 * One post in several languages: the operator's text is the main one; a translation per
 * other interface language is optional. Each follower gets their language's (push, email, feed),
 * otherwise the main text.
 */
export const POST_TRANSLATION_MAX = 2000;

export type PostTranslations = Partial<Record<Language, string>>;

const TRANSLATED: readonly string[] = LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE);
export const translationKeyMsg = `Translations are keyed by language: ${TRANSLATED.join(', ')}`;

/** Translations of a send: empty ones dropped (a language left empty gets the main text). */
export const PostTranslationsSchema = z
  .record(
    z.string(),
    z
      .string({ error: 'A translation must be text' })
      .trim()
      .max(POST_TRANSLATION_MAX, tooLong(FieldLabel.text, POST_TRANSLATION_MAX)),
    { error: 'translations must be an object of texts by language' },
  )
  .superRefine((translations, ctx) => {
    for (const key of Object.keys(translations))
      if (!TRANSLATED.includes(key))
        ctx.addIssue({ code: 'custom', message: translationKeyMsg, path: [key] });
  })
  .transform(
    (translations) =>
      Object.fromEntries(
        Object.entries(translations).filter(([, text]) => Boolean(text)),
      ) as PostTranslations,
  );

/** The text a reader in `language` gets: their translation, else the main text. */
export function textIn(
  post: { text: string; translations?: PostTranslations | null },
  language: string | null | undefined,
): string {
  return (language && isLanguage(language) && post.translations?.[language]) || post.text;
}
