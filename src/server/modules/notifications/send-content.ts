import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type PushMessageInput, pushBytesLeft, pushMessageOf } from '../../../shared/push/payload';
import {
  inLanguage,
  type PostTranslations,
  type RichTranslations,
  richTranslationProblems,
} from '../../../shared/schemas/post-translations';
import type { NotificationAction } from '../../../shared/schemas/rich-notification';
import { AppError, fieldError } from '../../lib/app-error';

type PushContent = Pick<PushMessageInput, 'text' | 'title' | 'link' | 'actions' | 'media'>;

/** The push message must fit in 4 KB with the receipt token added: else 400 on `field`. */
export function checkPushSize(
  establishment: { id: string; name: string; logo: string | null },
  content: PushContent,
  createdAt: Date,
  field = 'text',
) {
  const probe = pushMessageOf({
    ...content,
    id: crypto.randomUUID(),
    establishmentId: establishment.id,
    establishmentName: establishment.name,
    logo: establishment.logo,
    createdAt: createdAt.getTime(),
  });
  if (pushBytesLeft(probe) < 0) throw fieldError(field, Msg.pushTooLarge, ErrorCode.PAYLOAD_TOO_LARGE);
}

/**
 * A send's translations: each translated title or label must translate one the send has (400 on
 * each field that does not), and each language's push (its text, title and labels, else the main
 * ones) must fit a push message as the main one does (400 on that language's text, or on its title
 * or first label when only those are translated).
 */
export function checkTranslations(
  establishment: { id: string; name: string; logo: string | null },
  send: {
    text: string;
    title: string | null;
    link: string | null;
    actions: NotificationAction[];
    media: string | null;
    translations: PostTranslations;
    richTranslations: RichTranslations;
  },
  createdAt: Date,
) {
  const problems = richTranslationProblems(send, send.richTranslations);
  const [first] = Object.values(problems);
  if (first) throw new AppError(400, ErrorCode.VALIDATION, first, problems);
  const languages = new Set([...Object.keys(send.translations), ...Object.keys(send.richTranslations)]);
  for (const language of languages) {
    const shown = inLanguage(send, language);
    const rich = send.richTranslations[language as keyof RichTranslations];
    const field =
      language in send.translations
        ? `translations.${language}`
        : rich?.title
          ? `richTranslations.${language}.title`
          : `richTranslations.${language}.actions.0`;
    checkPushSize(establishment, { ...send, ...shown }, createdAt, field);
  }
}
