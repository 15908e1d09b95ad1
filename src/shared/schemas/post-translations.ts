import { z } from 'zod';
import { isLanguage, LANGUAGES, type Language } from '../i18n/languages';
import { FieldLabel, Msg, tooLong } from '../messages';
import {
  NOTIFICATION_ACTION_LABEL_MAX,
  NOTIFICATION_ACTIONS_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationAction,
} from './rich-notification';

/**
 * One post in several languages: the operator's text, title and button labels are the main ones,
 * in whatever language they wrote them; a translation into any interface language is optional
 * (English too, for a post written in another one). Each follower gets their language's (push,
 * email, feed), otherwise the main one, piece by piece.
 */
export const POST_TRANSLATION_MAX = 2000;

export type PostTranslations = Partial<Record<Language, string>>;

/** A post's title and button labels in one language: a label left empty keeps the main one. */
export interface RichTranslation {
  title?: string;
  /** By the buttons' order: the first label is the first button's. */
  actions?: string[];
}
export type RichTranslations = Partial<Record<Language, RichTranslation>>;

export const translationKeyMsg = `Translations are keyed by language: ${LANGUAGES.join(', ')}`;

/** Each key must be an interface language's code. */
const languageKeys = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value))
    if (!isLanguage(key)) ctx.addIssue({ code: 'custom', message: translationKeyMsg, path: [key] });
};

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
  .superRefine(languageKeys)
  .transform(
    (translations) =>
      Object.fromEntries(
        Object.entries(translations).filter(([, text]) => Boolean(text)),
      ) as PostTranslations,
  );

const richTranslationSchema = z
  .strictObject(
    {
      title: z
        .string({ error: 'A translation must be text' })
        .trim()
        .max(NOTIFICATION_TITLE_MAX, tooLong(FieldLabel.title, NOTIFICATION_TITLE_MAX))
        .optional(),
      actions: z
        .array(
          z
            .string({ error: 'A translation must be text' })
            .trim()
            .max(
              NOTIFICATION_ACTION_LABEL_MAX,
              tooLong(FieldLabel.buttonLabel, NOTIFICATION_ACTION_LABEL_MAX),
            ),
          { error: 'actions must be a list of button labels' },
        )
        .max(NOTIFICATION_ACTIONS_MAX, Msg.tooManyButtons)
        .optional(),
    },
    { error: 'A translation of the title and buttons must be an object with title and actions' },
  )
  .transform((rich): RichTranslation => {
    const labels = [...(rich.actions ?? [])];
    // Trailing empty labels say nothing; an empty one before a filled one keeps its place.
    while (labels.length > 0 && !labels.at(-1)) labels.pop();
    return {
      ...(rich.title ? { title: rich.title } : {}),
      ...(labels.length > 0 ? { actions: labels } : {}),
    };
  });

/**
 * The title and button labels by language (`{ de: { title, actions: [label, label] } }`): empty ones
 * dropped. Whether each translates something the send has is the send's check (richTranslationProblems).
 */
export const RichTranslationsSchema = z
  .record(z.string(), richTranslationSchema, {
    error: 'richTranslations must be an object of titles and button labels by language',
  })
  .superRefine(languageKeys)
  .transform(
    (translations) =>
      Object.fromEntries(
        Object.entries(translations).filter(
          ([, rich]) => rich.title !== undefined || rich.actions !== undefined,
        ),
      ) as RichTranslations,
  );

/**
 * What of the rich translations translates nothing the send has: a title with no title, a label of
 * a button it does not have. By field (`richTranslations.de.actions.1`), empty when all is well.
 */
export function richTranslationProblems(
  send: { title?: string | null; actions?: readonly unknown[] | null },
  translations: RichTranslations,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const buttons = send.actions?.length ?? 0;
  for (const [language, rich] of Object.entries(translations)) {
    if (rich?.title && !send.title) problems[`richTranslations.${language}.title`] = Msg.noTitleToTranslate;
    rich?.actions?.forEach((label, i) => {
      if (label && i >= buttons)
        problems[`richTranslations.${language}.actions.${i}`] = Msg.noButtonToTranslate;
    });
  }
  return problems;
}

/** The text a reader in `language` gets: their translation, else the main text. */
export function textIn(
  post: { text: string; translations?: PostTranslations | null },
  language: string | null | undefined,
): string {
  return (language && isLanguage(language) && post.translations?.[language]) || post.text;
}

/** A post's text, title and buttons as a reader in `language` gets them: each translated piece, else the main one. */
export function inLanguage<A extends NotificationAction>(
  post: {
    text: string;
    title: string | null;
    actions: A[] | null;
    translations?: PostTranslations | null;
    richTranslations?: RichTranslations | null;
  },
  language: string | null | undefined,
): { text: string; title: string | null; actions: A[] | null } {
  const rich = language && isLanguage(language) ? post.richTranslations?.[language] : undefined;
  return {
    text: textIn(post, language),
    title: (post.title && rich?.title) || post.title,
    actions: rich?.actions
      ? (post.actions?.map((action, i) => ({ ...action, label: rich.actions?.[i] || action.label })) ?? null)
      : post.actions,
  };
}
