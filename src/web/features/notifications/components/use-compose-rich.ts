import { useState } from 'react';
import { z } from 'zod';
import type { PostTranslations, RichTranslations } from '../../../../shared/schemas/post-translations';
import {
  NOTIFICATION_ACTIONS_MAX,
  type NotificationAction,
  notificationActionsField,
  notificationLinkField,
  notificationTitleField,
} from '../../../../shared/schemas/rich-notification';
import { useComposeTranslations } from './use-compose-translations';

/** Where every link starts: a new button's link is filled with it. */
const HTTPS_SCHEME = 'https://';

/** The rules the server applies to the rich part of a send, checked before asking it. */
const RichSchema = z.object({
  title: notificationTitleField,
  link: notificationLinkField.optional(),
  actions: notificationActionsField,
});

/** The fields of the rich part whose problems show beside them: title, link, actions.N.label/url. */
const isRichField = (key: string) => key === 'title' || key === 'link' || key.startsWith('actions');

/**
 * A notification's title, link and up to two buttons, as the compose card edits them:
 * each problem beside its field (in English as the API says it; the field translates it).
 */
export function useComposeRich() {
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [actions, setActions] = useState<NotificationAction[]>([]);
  // The text, title and button labels in other languages.
  const translated = useComposeTranslations();
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Counts loads (a draft, a template, a past post): the section opens to show what came in.
  const [loads, setLoads] = useState(0);
  const clear = (key: string) =>
    setErrors((current) => {
      const { [key]: _gone, ...rest } = current;
      return rest;
    });

  /** What the send carries, or null with the problems set beside their fields. */
  const body = () => {
    const parsed = RichSchema.safeParse({
      title,
      ...(link.trim() ? { link } : {}),
      actions,
    });
    // The translations' problems are marked too, whatever the rest's.
    const languages = translated.body({
      title: parsed.success ? parsed.data.title : title.trim() || null,
      actions: parsed.success ? parsed.data.actions : actions,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return null;
    }
    if (!languages) return null;
    return {
      title: parsed.data.title,
      link: parsed.data.link ?? null,
      actions: parsed.data.actions,
      ...languages,
    };
  };

  return {
    title,
    link,
    actions,
    errors,
    translated,
    translations: translated.translations,
    richTranslations: translated.richTranslations,
    /** Anything set: the section starts open again when an error is in it. */
    used: title !== '' || link !== '' || actions.length > 0,
    setTitle: (next: string) => {
      setTitle(next);
      clear('title');
    },
    setLink: (next: string) => {
      setLink(next);
      clear('link');
    },
    setAction: (index: number, next: NotificationAction) => {
      setActions((current) => current.map((action, i) => (i === index ? next : action)));
      clear(`actions.${index}.label`);
      clear(`actions.${index}.url`);
    },
    addAction: () =>
      setActions((current) =>
        current.length < NOTIFICATION_ACTIONS_MAX ? [...current, { label: '', url: HTTPS_SCHEME }] : current,
      ),
    removeAction: (index: number) => {
      setActions((current) => current.filter((_, i) => i !== index));
      translated.dropButton(index);
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith('actions'))),
      );
    },
    body,
    /** The server's field problems of the rich part; true when there was one. */
    applyServerFields: (fields: Record<string, string>) => {
      const mine = Object.fromEntries(Object.entries(fields).filter(([key]) => isRichField(key)));
      setErrors(mine);
      const inTranslations = translated.applyServerFields(fields);
      return Object.keys(mine).length > 0 || inTranslations;
    },
    reset: () => {
      setTitle('');
      setLink('');
      setActions([]);
      translated.reset();
      setErrors({});
    },
    /** Start from a draft, a template or a past post. */
    load: (from: {
      title: string;
      link: string;
      actions: NotificationAction[];
      translations?: PostTranslations;
      richTranslations?: RichTranslations;
    }) => {
      translated.load(from);
      setTitle(from.title);
      setLink(from.link);
      setActions(from.actions.slice(0, NOTIFICATION_ACTIONS_MAX));
      setErrors({});
      setLoads((n) => n + 1);
    },
    loads,
  };
}

export type ComposeRich = ReturnType<typeof useComposeRich>;
