import { useState } from 'react';
import type { Language } from '../../../../shared/i18n/languages';
import {
  type PostTranslations,
  PostTranslationsSchema,
  type RichTranslations,
  RichTranslationsSchema,
} from '../../../../shared/schemas/post-translations';

/** The fields of the translations whose problems show beside them: translations.de, richTranslations.de.title... */
export const isTranslationField = (key: string) =>
  key.startsWith('translations.') || key.startsWith('richTranslations.');

/** The field of one language's translated title, or of its label of button `index` (from 0). */
export const titleField = (language: Language) => `richTranslations.${language}.title`;
export const labelField = (language: Language, index: number) =>
  `richTranslations.${language}.actions.${index}`;

/** A language's translated text, title or label holds something. */
export const hasTranslation = (language: Language, translations: PostTranslations, rich: RichTranslations) =>
  Boolean(translations[language]?.trim()) ||
  Boolean(rich[language]?.title?.trim()) ||
  Boolean(rich[language]?.actions?.some((label) => label.trim()));

/**
 * The post's text, title and button labels in other languages, as the compose card edits them:
 * each problem beside its field (in English as the API says it; the field translates it).
 */
export function useComposeTranslations() {
  const [translations, setTranslations] = useState<PostTranslations>({});
  const [rich, setRich] = useState<RichTranslations>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clear = (key: string) =>
    setErrors((current) => {
      const { [key]: _gone, ...rest } = current;
      return rest;
    });

  return {
    translations,
    richTranslations: rich,
    errors,
    setText: (language: Language, text: string) => {
      setTranslations((current) => ({ ...current, [language]: text }));
      clear(`translations.${language}`);
    },
    setTitle: (language: Language, title: string) => {
      setRich((current) => ({ ...current, [language]: { ...current[language], title } }));
      clear(titleField(language));
    },
    setLabel: (language: Language, index: number, label: string) => {
      setRich((current) => {
        const labels = [...(current[language]?.actions ?? [])];
        while (labels.length < index) labels.push('');
        labels[index] = label;
        return { ...current, [language]: { ...current[language], actions: labels } };
      });
      clear(labelField(language, index));
    },
    /** A button removed: its labels go with it, the next button's move up to its place. */
    dropButton: (index: number) => {
      setRich((current) =>
        Object.fromEntries(
          Object.entries(current).map(([language, one]) => [
            language,
            { ...one, actions: one?.actions?.filter((_, i) => i !== index) },
          ]),
        ),
      );
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('richTranslations.'))),
      );
    },
    /**
     * What the send carries: empty ones dropped, and only what translates something it has (a title
     * when it has one, a label for each of its buttons), so a title or button removed leaves no orphan.
     * Null, with the problems beside their fields, when one is wrong (too long).
     */
    body: (send: { title: string | null; actions: readonly unknown[] }) => {
      const kept = Object.fromEntries(
        Object.entries(rich).map(([language, one]) => [
          language,
          {
            ...(send.title ? { title: one?.title ?? '' } : {}),
            actions: (one?.actions ?? []).slice(0, send.actions.length),
          },
        ]),
      );
      const texts = PostTranslationsSchema.safeParse(translations);
      const others = RichTranslationsSchema.safeParse(kept);
      if (!texts.success || !others.success) {
        const found: Record<string, string> = {};
        for (const issue of texts.error?.issues ?? [])
          found[['translations', ...issue.path].join('.')] ??= issue.message;
        for (const issue of others.error?.issues ?? [])
          found[['richTranslations', ...issue.path].join('.')] ??= issue.message;
        setErrors(found);
        return null;
      }
      return { translations: texts.data, richTranslations: others.data };
    },
    /** The server's field problems of the translations; true when there was one. */
    applyServerFields: (fields: Record<string, string>) => {
      const mine = Object.fromEntries(Object.entries(fields).filter(([key]) => isTranslationField(key)));
      setErrors(mine);
      return Object.keys(mine).length > 0;
    },
    reset: () => {
      setTranslations({});
      setRich({});
      setErrors({});
    },
    /** Start from a draft, a template or a past post. */
    load: (from: { translations?: PostTranslations; richTranslations?: RichTranslations }) => {
      setTranslations(from.translations ?? {});
      setRich(from.richTranslations ?? {});
      setErrors({});
    },
  };
}

export type ComposeTranslations = ReturnType<typeof useComposeTranslations>;
